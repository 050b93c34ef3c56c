// Every page of the dashboard once, with the ids the caller's data gives it: the one list the
// accessibility and the layout specs both walk (a new page is added here, and both check it).

export interface PageIds {
  /** A search term that finds the caller's findings and entities. */
  suffix: string;
  /** An entity the caller wrote. */
  entity: string;
  /** A contradiction (conflict id) the caller opened. */
  conflictId: string;
}

export function dashboardPages({ suffix, entity, conflictId }: PageIds): string[] {
  return [
    '/',
    `/scopes/local?q=${encodeURIComponent(suffix)}`,
    '/conflicts',
    `/conflicts/${encodeURIComponent(conflictId)}`,
    '/conflicts/history',
    '/conflicts/divergence',
    '/decay',
    '/synthesis?scope=local',
    '/synthesis?scope=local&tab=snapshots',
    '/synthesis?scope=local&tab=context',
    `/entities?q=${encodeURIComponent(suffix)}`,
    `/entities/${encodeURIComponent(entity)}`,
    '/health-history/local',
    '/alerts',
    '/keys',
    '/node',
    '/api-reference',
    '/audit',
    '/quarantine?status=all',
    '/sources?scope=local',
    `/sources?scope=local&source=${encodeURIComponent('e2e:playwright')}`,
  ];
}
