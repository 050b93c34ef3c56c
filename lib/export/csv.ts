// CSV as RFC 4180 writes it: every cell quoted only when it must be (a comma, a quote, CR or LF, or
// leading/trailing spaces), quotes doubled, rows ended with CRLF. Cells that a spreadsheet would run
// as a formula (=, +, -, @, tab, CR at the start) get a leading apostrophe, so an exported value
// written by an agent cannot execute in the reader's spreadsheet (OWASP "CSV injection").

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

export type CsvValue = string | number | boolean | null | undefined;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRow(values: CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
