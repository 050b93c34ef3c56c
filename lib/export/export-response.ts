import { type CsvValue, csvRow } from './csv';

// A download of a dashboard table (findings, the conflict queue, synthesis entries, review history)
// as CSV or JSON, streamed: rows arrive from the domain in batches (an async generator paging its
// source) and go out as they are serialized, so a 100k-row export never holds its whole text.

export const EXPORT_FORMATS = ['csv', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export interface ExportColumn<T> {
  header: string;
  value: (row: T) => CsvValue;
}

export function parseExportFormat(raw: string | null): ExportFormat {
  return raw === 'json' ? 'json' : 'csv';
}

/** "stigmem-findings-local-2026-11-23.csv" */
export function exportFilename(name: string, format: ExportFormat, now = new Date()): string {
  return `stigmem-${name.replace(/[^a-z0-9-]+/gi, '-')}-${now.toISOString().slice(0, 10)}.${format}`;
}

export function exportResponse<T>(options: {
  format: ExportFormat;
  filename: string;
  columns: ExportColumn<T>[];
  batches: AsyncIterable<T[]>;
  /** The JSON form of a row (default: the columns as an object). */
  toJson?: (row: T) => unknown;
}): Response {
  const { format, columns } = options;
  const toJson = options.toJson ?? ((row: T) => Object.fromEntries(columns.map((c) => [c.header, c.value(row) ?? null])));
  const encoder = new TextEncoder();
  const iterator = options.batches[Symbol.asyncIterator]();
  let first = true;
  let started = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      let text = '';
      if (!started) {
        started = true;
        text += format === 'csv' ? csvRow(columns.map((c) => c.header)) : '[';
      }
      const next = await iterator.next();
      if (next.done) {
        if (format === 'json') text += first ? ']\n' : '\n]\n';
        controller.enqueue(encoder.encode(text));
        controller.close();
        return;
      }
      for (const row of next.value) {
        if (format === 'csv') text += csvRow(columns.map((c) => c.value(row)));
        else {
          text += `${first ? '\n' : ',\n'}${JSON.stringify(toJson(row))}`;
          first = false;
        }
      }
      controller.enqueue(encoder.encode(text));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  return new Response(body, {
    headers: {
      'content-type': format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
      'content-disposition': `attachment; filename="${options.filename}"`,
      'cache-control': 'no-store',
    },
  });
}

/** Pages a cursor-paged source into batches until it has no next cursor. */
export async function* cursorBatches<T>(page: (cursor: string | undefined) => Promise<{ rows: T[]; cursor: string | null }>): AsyncGenerator<T[]> {
  let cursor: string | undefined;
  do {
    const result = await page(cursor);
    if (result.rows.length) yield result.rows;
    cursor = result.cursor ?? undefined;
  } while (cursor);
}

/** Splits an array into batches, so one large answer still streams out in pieces. */
export async function* arrayBatches<T>(rows: T[], size = 1000): AsyncGenerator<T[]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}
