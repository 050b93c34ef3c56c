import { describe, inject } from 'vitest';

export { api, expectBody, expectError, request, type ApiResponse } from './client';
export { TEST_ADMIN_ENTITY, TEST_ADMIN_KEY, TEST_ORIGIN } from './constants';
export { hlcText, str, TEST_SOURCE, uid, uniqueEntity, wireFact, type WireFact, type WireValue } from './data';
export { dispatch, matchRoute, routes } from './dispatch';
export { createKey, type TestKey } from './keys';

/**
 * The top-level describe of every HTTP test file: skipped as a whole (hooks included) when the
 * postgres run found no server, so the report shows that nothing ran instead of a failure.
 */
export const describeHttp = describe.skipIf(inject('stigmemTestDatabase').kind === 'skipped');
export { conflictById, conflictsOf, contradictionsOf, openConflict, type OpenedConflict } from './conflicts';
export { liveValues } from './db-state';
export { compareHlcText } from './hlc';
export { takeTurnsOnScopeHistory } from './scope-history-turns';
export { setEnv } from './env';
export { advanceClock, withClockHeld } from './clock';
