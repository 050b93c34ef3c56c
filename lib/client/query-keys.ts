// Query keys of the dashboard's react-query cache. Mutations invalidate by prefix: ['keys'] covers
// every keys query, ['conflicts'] every conflict list, ['facts'] every fact list.

export const queryKeys = {
  keys: ['keys'] as const,
  conflicts: ['conflicts'] as const,
  facts: ['facts'] as const,
  session: ['session'] as const,
};
