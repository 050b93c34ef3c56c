import 'server-only';
import { headers } from 'next/headers';
import { publicOrigin } from './public-origin';

/** The origin the browser used, as /.well-known/stigmem would see it (STIGMEM_NODE_URL wins there). */
export async function requestOrigin(): Promise<string> {
  return publicOrigin(await headers(), 'http://localhost:3000/');
}
