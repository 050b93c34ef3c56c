import { authRequired, NODE_VERSION } from './config';
import { ensureNodeSetup } from './node-setup';

// GET /.well-known/stigmem: what an adapter's boot probe (Spec-19) reads.

export const CAPABILITIES = ['facts', 'facts.import', 'conflicts', 'conflicts.dismiss', 'auth.keys', 'lint', 'lint.jobs', 'decay', 'decay.policies', 'decay.jobs', 'synthesis', 'synthesis.snapshots', 'context', 'conflicts.review', 'conflicts.auto_resolve', 'divergence'] as const;

export async function nodeInfo(requestUrl: string) {
  const { nodeId } = await ensureNodeSetup();
  return {
    version: NODE_VERSION,
    node_id: nodeId,
    node_url: process.env.STIGMEM_NODE_URL || new URL(requestUrl).origin,
    auth: authRequired() ? 'required' : 'none',
    federation: 'disabled',
    namespaces: ['memory', 'intent', 'roadmap', 'preference', 'project', 'paperclip', 'stigmem'],
    source_attestation: 'off',
    spec: `v${NODE_VERSION}`,
    capabilities: [...CAPABILITIES],
  };
}
