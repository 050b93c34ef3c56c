// CSV as RFC 4180 writes it: every cell quoted only when it must be (a comma, a quote, CR or LF, or
// leading/trailing spaces), quotes doubled, rows ended with CRLF.
//
// A spreadsheet runs a cell as a formula when it starts with = + - or @ (and, in Excel, with their
// full-width forms, or after leading spaces and line breaks), and a tab or CR at the start is the
// same trick in another form. A value an agent wrote must never run in the reader's spreadsheet
// (OWASP "CSV injection"), so such a cell is written as text: a leading apostrophe (which the
// spreadsheet hides and treats as "this is text") and, as OWASP advises, always in quotes. The same
// holds for a cell that carries a separator followed by a formula sign (`a;=cmd`, `x,=1+1`): read
// with another separator than the one it was written with, the part after it would be a cell of its
// own that starts with the sign. A reader of the file sees the value with that one apostrophe more.

/** = + - @, their full-width forms (＝＋－＠) and their small forms (﹦﹢﹣﹫). */
const FORMULA_SIGNS = '=+\\-@\\uFF1D\\uFF0B\\uFF0D\\uFF20\\uFE66\\uFE62\\uFE63\\uFE6B';
/** A sign at the start, after any whitespace or line breaks; or a tab or CR first. */
const FORMULA_START = new RegExp(`^(\\s*[${FORMULA_SIGNS}]|[\\t\\r])`);
/** A separator (, or ;), then perhaps spaces or quotes, then a sign: a formula once the cell is split there. */
const FORMULA_AFTER_SEPARATOR = new RegExp(`[,;][\\s"']*[${FORMULA_SIGNS}]`);
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

export type CsvValue = string | number | boolean | null | undefined;

/** Whether a text cell would run as a formula in some spreadsheet, as written or split at a separator. */
export const isFormulaLike = (text: string): boolean => FORMULA_START.test(text) || FORMULA_AFTER_SEPARATOR.test(text);

const quoted = (text: string) => `"${text.replaceAll('"', '""')}"`;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  // Numbers and booleans are written by us, never by an agent: -1.5 stays a number.
  if (typeof value === 'string' && isFormulaLike(text)) return quoted(`'${text}`);
  return NEEDS_QUOTES.test(text) ? quoted(text) : text;
}

export function csvRow(values: CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
