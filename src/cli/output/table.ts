import { terminalText } from './terminal-text';

export interface Column<Row> {
  readonly title: string;
  readonly value: (row: Row) => string;
  /** Numbers line up on the right. */
  readonly alignRight?: true;
}

/**
 * Rows as a person reads them on a terminal: a header and columns padded to their widest cell,
 * every cell made safe for the terminal. Widths count code points, which is right for the names
 * providers use; a wide CJK label only shifts its own row.
 */
export function renderTable<Row>(
  rows: readonly Row[],
  columns: readonly Column<Row>[],
  style: { bold: (text: string) => string } = { bold: (text) => text },
): string {
  const cells = rows.map((row) => columns.map((column) => terminalText(column.value(row))));
  const widths = columns.map((column, index) =>
    // Stryker disable next-line StringLiteral: every line has a cell for every column
    Math.max(length(column.title), ...cells.map((line) => length(line[index] ?? ''))),
  );
  const lineOf = (line: readonly string[]) =>
    line
      .map((cell, index) => {
        const pad = ' '.repeat((widths[index] ?? 0) - length(cell));
        // Stryker disable next-line ConditionalExpression,ArithmeticOperator: a padded last cell loses its padding to trimEnd below all the same
        const last = index === line.length - 1;
        // Stryker disable next-line OptionalChaining: every cell's index is a column's
        if (columns[index]?.alignRight) return pad + cell;
        return last ? cell : cell + pad;
      })
      .join('  ')
      .trimEnd();
  const header = style.bold(lineOf(columns.map((column) => column.title)));
  return [header, ...cells.map(lineOf)].map((line) => `${line}\n`).join('');
}

/**
 * Rows as a program reads them: one record a line, fields separated by tabs (a tab or line break
 * inside a field becomes a space, so the record stays one line of the same fields).
 */
export function renderRecords<Row>(rows: readonly Row[], columns: readonly Column<Row>[]): string {
  return rows
    .map(
      (row) =>
        `${columns.map((column) => column.value(row).replace(/[\t\r\n]/g, ' ')).join('\t')}\n`,
    )
    .join('');
}

function length(text: string): number {
  return [...text].length;
}

/** JSON for a program: two-space indented, one trailing line break. */
export function renderJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
