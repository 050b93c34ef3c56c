// Settings shared by playwright.config.ts and the specs. The node under test gets a fresh
// embedded database and this admin key; nothing here may point at a shared database.

/** 40 characters; provisioned on the test server through STIGMEM_ADMIN_KEY. */
export const E2E_ADMIN_KEY = 'e2e_admin_0123456789abcdefghijklmnopqrst';
export const E2E_ADMIN_ENTITY = 'stigmem://local/admin';
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;

const LOCAL_HOSTS = new Set(['', 'localhost', '127.0.0.1', '::1', '[::1]']);

/** Refuses to run the suite when DATABASE_URL names a database on another machine. */
export function assertLocalDatabase(url: string | undefined): void {
  if (!url) return;
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    throw new Error('e2e: DATABASE_URL is set but is not a URL; refusing to run the end-to-end suite');
  }
  if (!LOCAL_HOSTS.has(host)) {
    throw new Error(`e2e: DATABASE_URL points at "${host}", not this machine; the end-to-end suite refuses to run against a non-local database`);
  }
}
