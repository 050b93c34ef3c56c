import type { CompactFinding } from '../fingerprint';

// Where a finding from a run is fixed, as on the scope page: a contradiction on its conflict page,
// everything else on its entity (a broken ref also on its target); plus the scope's findings list.

export interface RemediationLink {
  href: string;
  label: string;
}

export function remediationLinks(finding: Pick<CompactFinding, 'check' | 'entity' | 'conflict_id' | 'ref_target'>, scope: string): RemediationLink[] {
  const links: RemediationLink[] = [];
  if (finding.check === 'contradiction' && finding.conflict_id) links.push({ href: `/conflicts/${encodeURIComponent(finding.conflict_id)}`, label: 'Resolve' });
  links.push({ href: `/entities/${encodeURIComponent(finding.entity)}`, label: 'Open entity' });
  if (finding.check === 'broken_ref' && finding.ref_target) links.push({ href: `/entities/${encodeURIComponent(finding.ref_target)}`, label: 'Open target' });
  links.push({ href: `/scopes/${scope}?check=${encodeURIComponent(finding.check)}`, label: 'In scope findings' });
  return links;
}
