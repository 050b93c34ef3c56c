import type { Metadata } from 'next';
import { MaintenancePanel } from '@/components/node/MaintenancePanel';
import { McpConnectPanel } from '@/components/node/McpConnectPanel';
import { McpToolList } from '@/components/node/McpToolList';
import { NodeInfoCard } from '@/components/node/NodeInfoCard';
import { PageHeader } from '@/components/ui/PageHeader';
import { requirePrincipal } from '@/lib/auth/current-principal';
import { hasPermission } from '@/lib/auth/principal';
import { getMaintenanceStatus } from '@/lib/db/maintenance/maintenance-status';
import toolDefinitions from '@/lib/mcp/tool-definitions.json';
import { nodeInfo } from '@/lib/node/node-info';
import { requestOrigin } from '@/lib/node/request-origin';

export const metadata: Metadata = { title: 'Node' };

export default async function NodePage() {
  const principal = await requirePrincipal('/node');
  const info = await nodeInfo(`${await requestOrigin()}/`);
  // Table maintenance is admin information, like GET /v1/admin/maintenance.
  const maintenance = hasPermission(principal, 'admin') ? await getMaintenanceStatus() : null;
  return (
    <>
      <PageHeader title="Node" description="This Stigmem node, how agents connect to it over MCP, and how it keeps its database fast." />
      <div className="space-y-4">
        <McpConnectPanel nodeUrl={info.node_url} authRequired={info.auth === 'required'} />
        <McpToolList tools={toolDefinitions.tools} />
        <NodeInfoCard info={info} />
        {maintenance ? <MaintenancePanel status={maintenance} /> : null}
      </div>
    </>
  );
}
