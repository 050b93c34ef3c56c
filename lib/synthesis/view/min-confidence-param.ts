/** The synthesis page's ?min= (a confidence floor in steps of 0.05, clamped to [0, 1]; 0 when absent or unreadable). */
export function minConfidenceParam(raw: string | undefined | null): number {
  const n = Number(raw);
  return raw && Number.isFinite(n) ? Math.min(1, Math.max(0, Math.round(n * 20) / 20)) : 0;
}
