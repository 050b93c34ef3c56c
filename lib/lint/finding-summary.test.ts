import { describe, expect, it } from 'vitest';
import { blockFinding, findingBlock } from './compare-findings';
import { FindingSummaryBuilder } from './finding-summary';
import { LINT_CHECKS, type LintFinding, SEVERITIES } from './lint-request';
import { findingNamespace } from './view/filter-findings';

// The lint job counts its rows by block and namespace (addRows) without reading the findings; the
// summary must be the one add() gives for the same findings.

describe('FindingSummaryBuilder.addRows', () => {
  it('blockFinding inverts findingBlock for every (severity, check)', () => {
    for (const severity of SEVERITIES) for (const check of LINT_CHECKS) expect(blockFinding(findingBlock(severity, check))).toEqual({ severity, check });
  });

  it('gives the summary add() gives for the same findings', () => {
    const relations = [null, 'memory:role', 'role', 'intent:handoff_to', 'a:b:c', ':bare'];
    const findings: LintFinding[] = [];
    for (let i = 0; i < 200; i++) {
      findings.push({
        check: LINT_CHECKS[i % LINT_CHECKS.length], severity: SEVERITIES[(i * 7) % SEVERITIES.length],
        entity: `e${i}`, relation: relations[i % relations.length], fact_ids: [`f${i}`], detail: '',
      });
    }
    const byFindings = new FindingSummaryBuilder();
    const byRows = new FindingSummaryBuilder();
    byFindings.add(findings.slice(0, 120));
    byFindings.add(findings.slice(120));
    const rows = findings.map((f) => ({ block: findingBlock(f.severity, f.check), namespace: findingNamespace(f.relation) }));
    byRows.addRows(rows.slice(0, 50));
    byRows.addRows(rows.slice(50));
    expect(byRows.done(100, 'r1')).toEqual(byFindings.done(100, 'r1'));
    expect(byRows.done(100).namespaces).toEqual(['a', 'intent', 'memory', 'role']);
  });
});
