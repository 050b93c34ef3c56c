/**
 * A PostgreSQL array literal of `values`, passed as one string parameter and cast in the statement
 * (`${sqlArray(ids)}::text[]`). Prisma's raw queries turn every element of an array parameter into
 * JSON and back before the driver sees it: for the write path's statements (a 1,000-fact batch sends
 * some fifty arrays of 1,000) that was ~14 ms of each batch, under the write lock. A string passes
 * through Prisma untouched, and both drivers (pg, PGlite) pass it on as it is, so this is the text the
 * pg driver would have written for the array itself: every element double-quoted, `"` and `\`
 * escaped with a backslash; null and undefined are NULL.
 */
export function sqlArray(values: readonly (string | number | boolean | null | undefined)[]): string {
  const parts = new Array<string>(values.length);
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (value === null || value === undefined) {
      parts[i] = 'NULL';
    } else {
      const text = String(value);
      parts[i] = `"${NEEDS_ESCAPE.test(text) ? text.replace(ESCAPED, '\\$&') : text}"`;
    }
  }
  return `{${parts.join(',')}}`;
}

const NEEDS_ESCAPE = /["\\]/;
const ESCAPED = /["\\]/g;
