// Findings counted by check × severity: what a health run keeps of a lint (any check name, so a new
// check needs no migration), what alert rules and metrics read.

export type FindingCounts = Record<string, Record<string, number>>;

export function countFindings(findings: readonly { check: string; severity: string }[], counts: FindingCounts = {}): FindingCounts {
  for (const f of findings) {
    const bySeverity = (counts[f.check] ??= {});
    bySeverity[f.severity] = (bySeverity[f.severity] ?? 0) + 1;
  }
  return counts;
}

export function severityTotals(counts: FindingCounts): { error: number; warning: number; info: number } {
  const totals = { error: 0, warning: 0, info: 0 };
  for (const bySeverity of Object.values(counts)) {
    for (const [severity, n] of Object.entries(bySeverity)) if (severity in totals) totals[severity as keyof typeof totals] += n;
  }
  return totals;
}

export function checkTotal(counts: FindingCounts, check: string, severity?: string | null): number {
  const bySeverity = counts[check] ?? {};
  return severity ? (bySeverity[severity] ?? 0) : Object.values(bySeverity).reduce((a, b) => a + b, 0);
}
