/**
 * A strict RFC 4180 reader for tests (no CSV parser is among the dependencies): rows end in CRLF,
 * fields are separated by commas, a quoted field may hold commas, quotes (doubled) and line
 * breaks. Anything RFC 4180 does not allow — a quote inside an unquoted field, text after a
 * closing quote, a bare CR or LF outside quotes, a last row without its CRLF — throws, so a test
 * cannot pass on a file that only a lenient reader would accept.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let index = 0;
  while (index < text.length) {
    const [field, next] = text[index] === '"' ? quotedField(text, index) : plainField(text, index);
    row.push(field);
    if (text[next] === ',') {
      index = next + 1;
    } else if (text.startsWith('\r\n', next)) {
      rows.push(row);
      row = [];
      index = next + 2;
    } else {
      throw new Error(`Not RFC 4180 at ${next}: ${JSON.stringify(text.slice(next, next + 20))}`);
    }
  }
  if (row.length > 0) throw new Error('The last row does not end in CRLF');
  return rows;
}

/** A field in quotes, from its opening quote: its text and where the text after it starts. */
function quotedField(text: string, start: number): [string, number] {
  let field = '';
  let index = start + 1;
  for (;;) {
    const quote = text.indexOf('"', index);
    if (quote === -1) throw new Error(`Unclosed quote from ${start}`);
    field += text.slice(index, quote);
    if (text[quote + 1] !== '"') return [field, quote + 1];
    field += '"';
    index = quote + 2;
  }
}

/** A field without quotes: it runs to the next comma or CRLF and may hold neither quote nor CR/LF. */
function plainField(text: string, start: number): [string, number] {
  let index = start;
  while (index < text.length && text[index] !== ',' && text[index] !== '\r') {
    if (text[index] === '"' || text[index] === '\n') {
      throw new Error(`A quote or line feed in an unquoted field at ${index}`);
    }
    index += 1;
  }
  return [text.slice(start, index), index];
}
