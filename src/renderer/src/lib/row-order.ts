export type RowMove = 'next' | 'previous' | 'first' | 'last';

export interface RowPosition {
  readonly group: number;
  readonly row: number;
  readonly id: number;
}

/**
 * Where keyboard focus goes among the proxy rows of every shown plan, in reading order (a
 * collapsed plan is passed as an empty group). Null at either end, or when there are no rows.
 * A `from` that is no longer shown moves to the first row.
 */
export function neighbourRow(
  groups: readonly (readonly { readonly id: number }[])[],
  from: number | null,
  move: RowMove,
): RowPosition | null {
  const at = (group: number, row: number): RowPosition | null => {
    const item = groups[group]?.[row];
    return item ? { group, row, id: item.id } : null;
  };
  const first = (): RowPosition | null => {
    const group = groups.findIndex((rows) => rows.length > 0);
    return group < 0 ? null : at(group, 0);
  };
  const last = (): RowPosition | null => {
    const group = groups.findLastIndex((rows) => rows.length > 0);
    return group < 0 ? null : at(group, (groups[group] as readonly unknown[]).length - 1);
  };
  if (move === 'first') return first();
  if (move === 'last') return last();

  const current = from === null ? null : locate(groups, from);
  if (!current) return first();
  const rows = groups[current.group] as readonly unknown[];
  if (move === 'next') {
    if (current.row + 1 < rows.length) return at(current.group, current.row + 1);
    for (let group = current.group + 1; group < groups.length; group += 1) {
      if ((groups[group] as readonly unknown[]).length > 0) return at(group, 0);
    }
    return null;
  }
  if (current.row > 0) return at(current.group, current.row - 1);
  for (let group = current.group - 1; group >= 0; group -= 1) {
    const length = (groups[group] as readonly unknown[]).length;
    if (length > 0) return at(group, length - 1);
  }
  return null;
}

function locate(
  groups: readonly (readonly { readonly id: number }[])[],
  id: number,
): { group: number; row: number } | null {
  for (let group = 0; group < groups.length; group += 1) {
    const row = (groups[group] as readonly { readonly id: number }[]).findIndex(
      (item) => item.id === id,
    );
    if (row >= 0) return { group, row };
  }
  return null;
}
