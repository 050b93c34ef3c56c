import type { ApiKeyRecord } from './api-key-record';

/** Keys per page on the dashboard's keys page. */
export const KEYS_PAGE_SIZE = 100;

/** One page of GET /v1/auth/keys, with the cursor its headers carried. */
export interface KeysPage {
  keys: ApiKeyRecord[];
  next_cursor: string | null;
}
