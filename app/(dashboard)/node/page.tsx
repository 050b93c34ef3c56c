import type { Metadata } from 'next';
import { MaintenancePanel } from '@/components/node/MaintenancePanel';
import { McpConnectPanel } from '@/components/node/McpConnectPanel';
import { McpToolList } from '@/components/node/McpToolList';
import { NodeInfoCard } from '@/components/node/NodeInfoCard';
import { ReplicasPanel } from '@/components/node/ReplicasPanel';
import { Link } from '@/components/ui/Link';
import { PageHeader } from '@/components/ui/PageHeader';
import { buttonStyles } from '@/components/ui/styles';
import { pageAccess } from '@/lib/pages/page-access';
import { getMaintenanceStatus } from '@/lib/db/maintenance/maintenance-status';
import { getReplicaStatus } from '@/lib/db/replicas/replica-status';
import toolDefinitions from '@/lib/mcp/tool-definitions.json';
import { nodeInfo } from '@/lib/node/node-info';
import { requestOrigin } from '@/lib/node/request-origin';

export const metadata: Metadata = { title: 'Node' };

export default async function NodePage() {
  const access = await pageAccess('/node');
  const info = await nodeInfo(`${await requestOrigin()}/`);
  // Table maintenance and replicas are node-wide, like GET /v1/admin/maintenance: an admin of every scope.
  const admin = access.everyScope('admin');
  const [maintenance, replicas] = admin ? await Promise.all([getMaintenanceStatus(), getReplicaStatus()]) : [null, null];
  return (
    <>
      <PageHeader
        title="Node"
        description="This Stigmem node, how agents connect to it over MCP, where its reads run, and how it keeps its database fast."
        actions={
          <Link href="/api-reference" className={buttonStyles.secondary}>
            API reference
          </Link>
        }
      />
      <div className="space-y-4">
        <McpConnectPanel nodeUrl={info.node_url} authRequired={info.auth === 'required'} />
        <McpToolList tools={toolDefinitions.tools} />
        <NodeInfoCard info={info} />
        {replicas ? <ReplicasPanel status={replicas} /> : null}
        {maintenance ? <MaintenancePanel status={maintenance} /> : null}
      </div>
    </>
  );
}
