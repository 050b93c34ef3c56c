import { PAGED_SUMMARY_KEY } from '../jobs/result-summary';
import { blockFinding, bytewise, CHECK_RANK, SEVERITY_RANK } from './compare-findings';
import { countFindings, type FindingCounts, severityTotals } from './finding-counts';
import { LINT_CHECKS, type LintCheck, type LintFinding, SEVERITIES, type Severity } from './lint-request';
import { findingNamespace } from './view/filter-findings';

// What the scope page needs of a finished lint job besides one page of rows — severity counts, the
// namespaces for its filter, the finding count — accumulated by the job as its batches go by and
// stored in the job's result body (key FINDING_SUMMARY_KEY), so a reader never scans the pages for
// them. The counts per check × severity also say where each (severity, check) block of findings lies
// in the stored order (FINDING_ORDER sorts by severity, then check): a view filtered by check or
// severity and sorted by either reads only the pages that hold its rows (job-findings-page.ts).

/** The result-body key of the summary; jobs.ts keeps it out of the protocol answer (§14.5 body unchanged). */
export const FINDING_SUMMARY_KEY = PAGED_SUMMARY_KEY;

export interface FindingSummary {
  finding_count: number;
  counts: Record<Severity, number>;
  /** check → severity → findings. */
  by_check: FindingCounts;
  /** Relation namespaces present, byte-wise (namespacesOf). */
  namespaces: string[];
  /** Items per stored page, so a reader can find the page that holds an offset. */
  page_size: number;
  /** The scope's revision the lint read (lint-still-holds.ts); absent in jobs stored before it was kept. */
  scope_revision?: string;
}

export class FindingSummaryBuilder {
  private readonly byCheck: FindingCounts = {};
  private namespaces = new Set<string>();
  private count = 0;

  add(findings: readonly LintFinding[]): void {
    this.count += findings.length;
    countFindings(findings, this.byCheck);
    for (const f of findings) {
      const namespace = findingNamespace(f.relation);
      if (namespace) this.namespaces.add(namespace);
    }
  }

  /** add() for rows of findingsJsonSql, counted by their block and namespace without reading the findings. */
  addRows(rows: readonly { block: number; namespace: string }[]): void {
    this.count += rows.length;
    countFindings(rows.map((row) => blockFinding(row.block)), this.byCheck);
    for (const row of rows) if (row.namespace) this.namespaces.add(row.namespace);
  }

  done(pageSize: number, scopeRevision?: string): FindingSummary {
    return {
      ...(scopeRevision ? { scope_revision: scopeRevision } : {}),
      finding_count: this.count,
      counts: severityTotals(this.byCheck),
      by_check: this.byCheck,
      namespaces: [...this.namespaces].sort(bytewise),
      page_size: pageSize,
    };
  }
}

/** A stored summary, or null for a job stored without one (or anything that does not look like one). */
export function readFindingSummary(result: unknown): FindingSummary | null {
  const summary = result && typeof result === 'object' ? (result as Record<string, unknown>)[FINDING_SUMMARY_KEY] : undefined;
  if (!summary || typeof summary !== 'object') return null;
  const s = summary as Partial<FindingSummary>;
  const ok =
    Number.isSafeInteger(s.finding_count) &&
    Number.isSafeInteger(s.page_size) &&
    s.page_size! > 0 &&
    Array.isArray(s.namespaces) &&
    !!s.counts &&
    !!s.by_check &&
    typeof s.by_check === 'object';
  return ok ? (s as FindingSummary) : null;
}

/** One (severity, check) block of the stored order: its first position and its length. */
export interface FindingBlock {
  severity: Severity;
  check: LintCheck;
  start: number;
  count: number;
}

/** The non-empty (severity, check) blocks in stored order (FINDING_ORDER: severity, then check). */
export function findingBlocks(summary: FindingSummary): FindingBlock[] {
  const blocks: FindingBlock[] = [];
  let start = 0;
  const severities = [...SEVERITIES].sort((a, b) => SEVERITY_RANK[a] - SEVERITY_RANK[b]);
  const checks = [...LINT_CHECKS].sort((a, b) => CHECK_RANK[a] - CHECK_RANK[b]);
  for (const severity of severities) {
    for (const check of checks) {
      const count = summary.by_check[check]?.[severity] ?? 0;
      if (count) blocks.push({ severity, check, start, count });
      start += count;
    }
  }
  return blocks;
}
