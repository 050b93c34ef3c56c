/** The admin key of every HTTP test run (STIGMEM_ADMIN_KEY, set by test/setup-db.ts). */
export const TEST_ADMIN_KEY = 'sk_test_admin_0123456789abcdef0123456789abcdef';
/** The entity URI the node gives that key (the STIGMEM_ADMIN_ENTITY default). */
export const TEST_ADMIN_ENTITY = 'stigmem://local/admin';
/** Origin of the requests the dispatcher builds. */
export const TEST_ORIGIN = 'http://localhost';
