import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { McpConnectPanel } from '@/components/node/McpConnectPanel';
import { McpToolList } from '@/components/node/McpToolList';
import { NodeInfoCard } from '@/components/node/NodeInfoCard';
import { PageHeader } from '@/components/ui/PageHeader';
import { requirePrincipal } from '@/lib/auth/current-principal';
import toolDefinitions from '@/lib/mcp/tool-definitions.json';
import { nodeInfo } from '@/lib/node/node-info';

export const metadata: Metadata = { title: 'Node' };

/** The origin the browser used, as /.well-known/stigmem would see it (STIGMEM_NODE_URL wins there). */
async function requestOrigin(): Promise<string> {
  const h = await headers();
  const host = h.get('x-forwarded-host') ?? h.get('host') ?? 'localhost:3000';
  const proto = h.get('x-forwarded-proto')?.split(',')[0]?.trim() ?? 'http';
  return `${proto}://${host}`;
}

export default async function NodePage() {
  await requirePrincipal('/node');
  const info = await nodeInfo(`${await requestOrigin()}/`);
  return (
    <>
      <PageHeader title="Node" description="This Stigmem node, and how agents connect to it over MCP." />
      <div className="space-y-4">
        <McpConnectPanel nodeUrl={info.node_url} authRequired={info.auth === 'required'} />
        <McpToolList tools={toolDefinitions.tools} />
        <NodeInfoCard info={info} />
      </div>
    </>
  );
}
