import 'server-only';
import { headers } from 'next/headers';

/** The origin the browser used, as /.well-known/stigmem would see it (STIGMEM_NODE_URL wins there). */
export async function requestOrigin(): Promise<string> {
  const h = await headers();
  const host = h.get('x-forwarded-host') ?? h.get('host') ?? 'localhost:3000';
  const proto = h.get('x-forwarded-proto')?.split(',')[0]?.trim() ?? 'http';
  return `${proto}://${host}`;
}
