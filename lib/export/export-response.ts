import { streamText } from '../http/stream-text';
import { streamResponse } from '../http/stream-response';
import { type CsvValue, csvRow } from './csv';

// A download of a dashboard table (findings, the conflict queue, synthesis entries, review history)
// as CSV or JSON, streamed: rows arrive from the domain in batches (an async generator reading a
// database cursor, lib/db/read-cursor.ts) and go out as they are serialized, each batch pulled only
// when the client has taken the one before, so an export of any size holds one batch at a time.
// The first batch is read before the response starts: a query that fails at once is answered with
// its status and error body; a failure later can only cut the download short.

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

export async function exportResponse<T>(options: {
  format: ExportFormat;
  filename: string;
  columns: ExportColumn<T>[];
  batches: AsyncIterable<T[]>;
  /** The JSON form of a row (default: the columns as an object). */
  toJson?: (row: T) => unknown;
}): Promise<Response> {
  const body = await streamText(exportText(options));
  return streamResponse(body, {
    'content-type': options.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
    'content-disposition': `attachment; filename="${options.filename}"`,
    'cache-control': 'no-store',
  });
}

/** The download as text, one piece per batch; the first piece waits for the first batch. */
async function* exportText<T>({ format, columns, batches, toJson }: { format: ExportFormat; columns: ExportColumn<T>[]; batches: AsyncIterable<T[]>; toJson?: (row: T) => unknown }): AsyncGenerator<string> {
  const json = toJson ?? ((row: T) => Object.fromEntries(columns.map((c) => [c.header, c.value(row) ?? null])));
  let text = format === 'csv' ? csvRow(columns.map((c) => c.header)) : '[';
  let first = true;
  for await (const batch of batches) {
    for (const row of batch) {
      if (format === 'csv') text += csvRow(columns.map((c) => c.value(row)));
      else {
        text += `${first ? '\n' : ',\n'}${JSON.stringify(json(row))}`;
        first = false;
      }
    }
    yield text;
    text = '';
  }
  if (format === 'json') text += first ? ']\n' : '\n]\n';
  yield text;
}

/** Splits an array into batches, so one large answer still streams out in pieces. */
export async function* arrayBatches<T>(rows: T[], size = 1000): AsyncGenerator<T[]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}
