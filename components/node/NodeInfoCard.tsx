import type { nodeInfo } from '@/lib/node/node-info';
import { Chips } from '../ui/Chips';
import { DetailRow } from '../ui/DetailRow';
import { cardStyles } from '../ui/styles';

export type NodeInfo = Awaited<ReturnType<typeof nodeInfo>>;

/** What GET /.well-known/stigmem says about this node. */
export function NodeInfoCard({ info }: { info: NodeInfo }) {
  return (
    <section aria-labelledby="node-info-title" data-testid="node-info" className={`${cardStyles} p-5`}>
      <h2 id="node-info-title" className="text-base font-semibold text-slate-900">
        This node
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        As served at <code className="font-mono text-xs">/.well-known/stigmem</code>, which adapters probe at start.
      </p>
      <dl className="mt-3 divide-y divide-slate-100 text-sm">
        <DetailRow wide label="Node URL"><span className="font-mono text-xs wrap-anywhere">{info.node_url}</span></DetailRow>
        <DetailRow wide label="Node id"><span className="font-mono text-xs wrap-anywhere">{info.node_id}</span></DetailRow>
        <DetailRow wide label="Version">{info.version} (spec {info.spec})</DetailRow>
        <DetailRow wide label="Authentication">{info.auth === 'required' ? 'API key required (Bearer)' : 'none: open node for local demos'}</DetailRow>
        <DetailRow wide label="Federation">{info.federation}</DetailRow>
        <DetailRow wide label="Namespaces"><Chips items={info.namespaces} empty="none" /></DetailRow>
        <DetailRow wide label="Capabilities"><Chips items={info.capabilities} empty="none" /></DetailRow>
      </dl>
    </section>
  );
}
