import { config } from '../config/config';
import { ensureNodeSetup } from './node-setup';
import { publicOrigin } from './public-origin';

// GET /.well-known/stigmem: what an adapter's boot probe (Spec-19) reads. `node_url` is
// STIGMEM_NODE_URL, else the origin the client used (validated Host/X-Forwarded-Host and
// X-Forwarded-Proto: public-origin.ts). Namespaces are relation prefixes, written with their colon
// as the reference node lists them.

export const NODE_VERSION = '0.9.0a2';

export const CAPABILITIES = ['facts', 'facts.import', 'conflicts', 'conflicts.dismiss', 'auth.keys', 'lint', 'lint.jobs', 'decay', 'decay.policies', 'decay.jobs', 'synthesis', 'synthesis.snapshots', 'context', 'conflicts.review', 'conflicts.auto_resolve', 'divergence'] as const;

export async function nodeInfo(requestUrl: string, headers: Headers = new Headers()) {
  const { nodeId } = await ensureNodeSetup();
  return {
    version: NODE_VERSION,
    node_id: nodeId,
    node_url: config().node.url ?? publicOrigin(headers, requestUrl),
    auth: config().authRequired ? 'required' : 'none',
    federation: 'disabled',
    namespaces: ['memory:', 'intent:', 'roadmap:', 'preference:', 'project:', 'paperclip:', 'stigmem:'],
    source_attestation: 'off',
    spec: `v${NODE_VERSION}`,
    capabilities: [...CAPABILITIES],
  };
}
