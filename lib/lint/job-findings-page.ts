import type { FilteredFindings } from './view/filter-findings';
import { selectPage } from './select-page';
import { FINDINGS_PAGE_SIZE, type FindingsView } from './view/findings-query';
import { finishedJob, jobPage, jobPages, type JobRecord } from '../jobs/jobs';
import type { FactRecord } from '../facts/fact-record';
import { isFactScope } from '../facts/scope';
import { CHECK_RANK, SEVERITY_RANK } from './compare-findings';
import { FINDING_SUMMARY_KEY, type FindingBlock, findingBlocks, type FindingSummary, FindingSummaryBuilder, readFindingSummary } from './finding-summary';
import type { LintFinding, LintResult, Severity } from './lint-request';
import { loadFindingFacts } from './load-finding-facts';

// The scope page of a large scope (above the async threshold) pages its findings from the finished
// lint job on the server: the browser receives one page of rows, the severity counts and the
// namespaces for the filter, never the job's whole result (1.1M findings, 478 MB at 10M facts).
//
// Nor does the server hold it (issue 16). The counts, namespaces and finding count are the summary
// the job stored with its result (finding-summary.ts). The rows are read from the stored pages, which
// hold the findings in FINDING_ORDER (severity, check, entity, relation, fact id), JOB_PAGE_SIZE each:
//  - filtered by check and/or severity only and sorted by severity or check (the default view among
//    them): the rows are whole (severity, check) blocks of the stored order, placed by the summary's
//    counts, so only the one or two stored pages that hold the requested rows are read;
//  - anything else (a namespace or entity search, a sort by entity or relation): the pages of the
//    matching blocks are read one at a time and only what can still be on the requested page is kept
//    — in the stored order the page's window itself; in another order the best page × page-number
//    rows so far (a bounded top-k: collected, then sorted and cut back whenever twice that many are
//    in hand), so memory grows with how deep the page is, not with the job.
// Both apply filterFindings' own filters and order, so a page equals filterFindings over the whole list.
//
// A job stored without a summary (finished before the summary existed: jobs are pruned 24 h after
// they finish, so only for a day; or a job that returned its findings whole) is scanned page by page
// for the counts as well: slower, as bounded in memory.

export interface JobFindingsPage {
  job: JobRecord & Partial<Omit<LintResult, 'findings'>>;
  /** Null while the job is pending or running (or failed: job.status says which). */
  page: {
    findings: LintFinding[];
    total: number;
    offset: number;
    counts: Record<Severity, number>;
    namespaces: string[];
    finding_count: number;
    /** The facts of this page's contradiction findings, by id. */
    facts: Record<string, FactRecord>;
  } | null;
}

export async function jobFindingsPage(id: string, view: FindingsView, pageSize = FINDINGS_PAGE_SIZE): Promise<JobFindingsPage> {
  const { record, pagedKey, summary: stored } = await finishedJob(id, 'lint');
  if (record.status !== 'done' || pagedKey !== 'findings') return { job: record, page: null };
  const summary = usableSummary(readFindingSummary({ [FINDING_SUMMARY_KEY]: stored }));
  let filtered: FilteredFindings;
  let whole: Pick<FindingSummary, 'counts' | 'namespaces' | 'finding_count'>;
  if (summary) {
    filtered = await pageOfSummarized(id, summary, view, pageSize);
    whole = summary;
  } else {
    const counting = new FindingSummaryBuilder();
    filtered = await selectPage(countedAs(jobPages(id) as AsyncIterable<LintFinding[]>, counting), view, pageSize);
    whole = counting.done(0);
  }
  const facts = isFactScope(record.scope) ? await loadFindingFacts(filtered.findings, record.scope) : {};
  return { job: record, page: { ...filtered, counts: whole.counts, namespaces: whole.namespaces, finding_count: whole.finding_count, facts } };
}

/** A summary whose blocks account for every finding (a check this code does not know would not). */
function usableSummary(summary: FindingSummary | null): FindingSummary | null {
  if (!summary) return null;
  return findingBlocks(summary).reduce((n, b) => n + b.count, 0) === summary.finding_count ? summary : null;
}

async function pageOfSummarized(id: string, summary: FindingSummary, view: FindingsView, pageSize: number): Promise<FilteredFindings> {
  const blocks = findingBlocks(summary).filter((b) => (!view.check || b.check === view.check) && (!view.severity || b.severity === view.severity));
  const offset = (view.page - 1) * pageSize;
  if (view.namespace === undefined && !view.q?.trim() && (view.sort === 'severity' || view.sort === 'check')) {
    // filterFindings' order here: the sort column (either way), then severity, then check, then the
    // stored order within a block. So the view is the blocks in that order, each whole.
    const sign = view.dir === 'desc' ? -1 : 1;
    const rank = (b: FindingBlock) => (view.sort === 'severity' ? SEVERITY_RANK[b.severity] : CHECK_RANK[b.check]);
    blocks.sort((a, b) => sign * (rank(a) - rank(b)) || SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] || CHECK_RANK[a.check] - CHECK_RANK[b.check]);
    const total = blocks.reduce((n, b) => n + b.count, 0);
    return { findings: await readWindow(id, blocks, offset, pageSize, summary.page_size), total, offset };
  }
  return selectPage(storedRanges(id, blocks, summary.page_size), view, pageSize);
}

/** Positions offset … offset + size of the blocks laid end to end, read from the pages that hold them. */
async function readWindow(id: string, blocks: FindingBlock[], offset: number, size: number, storedPageSize: number): Promise<LintFinding[]> {
  const out: LintFinding[] = [];
  let cachedPage = -1;
  let items: LintFinding[] = [];
  let skip = offset;
  for (const block of blocks) {
    if (out.length >= size) break;
    if (skip >= block.count) {
      skip -= block.count;
      continue;
    }
    let at = block.start + skip;
    const end = Math.min(block.start + block.count, at + size - out.length);
    skip = 0;
    while (at < end) {
      const page = Math.floor(at / storedPageSize);
      if (cachedPage !== page) [cachedPage, items] = [page, (await jobPage(id, page)) as LintFinding[]];
      const from = at - page * storedPageSize;
      const upto = Math.min(end, (page + 1) * storedPageSize) - page * storedPageSize;
      // A page shorter than the summary says (it never is) ends the window rather than looping.
      if (items.length < upto) return out.concat(items.slice(from));
      out.push(...items.slice(from, upto));
      at = page * storedPageSize + upto;
    }
  }
  return out;
}

/** The findings of the blocks, in the stored order, a stored page (or the part of one in a block) at a time. */
async function* storedRanges(id: string, blocks: FindingBlock[], storedPageSize: number): AsyncGenerator<LintFinding[]> {
  // Adjacent blocks (the usual case: no check or severity filter, or a severity's checks) are one range.
  const ranges: [number, number][] = [];
  for (const b of blocks) {
    const last = ranges.at(-1);
    if (last && last[1] === b.start) last[1] += b.count;
    else ranges.push([b.start, b.start + b.count]);
  }
  for (const [start, end] of ranges) {
    let page = Math.floor(start / storedPageSize);
    for await (const items of jobPages(id, page)) {
      const base = page * storedPageSize;
      yield (items as LintFinding[]).slice(Math.max(0, start - base), Math.max(0, end - base));
      if (base + storedPageSize >= end) break;
      page++;
    }
  }
}

async function* countedAs(chunks: AsyncIterable<LintFinding[]>, counting: FindingSummaryBuilder): AsyncGenerator<LintFinding[]> {
  for await (const chunk of chunks) {
    counting.add(chunk);
    yield chunk;
  }
}
