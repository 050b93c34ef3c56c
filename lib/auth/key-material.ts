import { createHash, randomBytes } from 'node:crypto';

/** Keys and session tokens are stored only as SHA-256 hashes. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function generateApiKey(): string {
  return `sk_${randomBytes(32).toString('hex')}`;
}

export function generateSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Enough of a key to recognize it in a list, never enough to use it. */
export function keyPrefix(key: string): string {
  return key.slice(0, 10);
}
