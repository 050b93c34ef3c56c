// Query keys of the dashboard's react-query cache. Mutations invalidate by prefix: ['keys'] covers
// every keys query, ['conflicts'] every conflict list, ['facts'] every fact list.

export const queryKeys = {
  keys: ['keys'] as const,
  conflicts: ['conflicts'] as const,
  facts: ['facts'] as const,
  session: ['session'] as const,
  // Decay: ['decay'] covers policies, dry runs and jobs (a policy change alters every preview).
  decay: ['decay'] as const,
  decayPolicies: ['decay', 'policies'] as const,
  decayDryRun: ['decay', 'dry-run'] as const,
  decayJob: ['decay', 'job'] as const,
  // Synthesis: ['synthesis'] covers entry pages, snapshots, diffs and the context preview.
  synthesis: ['synthesis'] as const,
  synthesisEntries: ['synthesis', 'entries'] as const,
  synthesisStats: ['synthesis', 'stats'] as const,
  snapshots: ['synthesis', 'snapshots'] as const,
  snapshotDiff: ['synthesis', 'diff'] as const,
  context: ['synthesis', 'context'] as const,
  // Lint: ['lint'] covers the scope page's lint runs and background lint jobs (large scopes).
  lint: ['lint'] as const,
};
