// The SQLSTATE of a database failure, wherever Prisma, its driver adapter or the driver put it.

/** The SQLSTATE of a database error however Prisma or the driver wrapped it, or null. */
export function sqlState(error: unknown): string | null {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length) {
    const item = queue.shift();
    if (!item || typeof item !== 'object' || seen.has(item)) continue;
    seen.add(item);
    const record = item as Record<string, unknown>;
    for (const key of ['originalCode', 'code']) {
      const value = record[key];
      if (typeof value === 'string' && /^[0-9A-Z]{5}$/.test(value) && !value.startsWith('P')) return value;
    }
    queue.push(record.cause, record.meta, record.driverAdapterError);
  }
  const message = error instanceof Error ? error.message : '';
  return /\bout of memory\b/i.test(message) ? '53200' : null;
}
