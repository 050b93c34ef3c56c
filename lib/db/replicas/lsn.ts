// PostgreSQL's WAL positions (pg_lsn) as they come over the wire: "16/B374D848", two hexadecimal
// halves of a 64-bit byte position. Compared and subtracted here rather than in SQL because the two
// sides of a comparison come from different servers (the primary's position, a replica's replay).

const LSN = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/;

/** The byte position of an LSN's text. */
export function parseLsn(text: string): bigint {
  const match = LSN.exec(text.trim());
  if (!match) throw new Error(`not a WAL position: ${JSON.stringify(text)}`);
  return (BigInt(`0x${match[1]}`) << 32n) | BigInt(`0x${match[2]}`);
}

/** True when `replayed` is at or past `target`. */
export function lsnReached(replayed: string, target: string): boolean {
  return parseLsn(replayed) >= parseLsn(target);
}

/** Bytes of WAL between `behind` and `ahead` (0 when `behind` is level or ahead). */
export function lsnBytesBehind(ahead: string, behind: string): number {
  const gap = parseLsn(ahead) - parseLsn(behind);
  return gap > 0n ? Number(gap) : 0;
}
