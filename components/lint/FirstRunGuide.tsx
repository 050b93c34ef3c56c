import { Link } from '@/components/ui/Link';
import { importCurl, mcpAssertFactCall, readFactsCurl, writeFactCurl } from '@/lib/node/first-run-snippets';
import { httpClientConfig } from '@/lib/node/view/mcp-config';
import { CopyableCode } from '../node/CopyableCode';
import { cardStyles, linkStyles } from '../ui/styles';

function Step({ n, title, children }: { n: number; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={`first-run-step-${n}`} className={`${cardStyles} p-5`}>
      <h2 id={`first-run-step-${n}`} className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <span aria-hidden="true" className="grid h-6 w-6 place-items-center rounded-full bg-indigo-600 text-xs font-bold text-white">
          {n}
        </span>
        {title}
      </h2>
      <div className="mt-3 space-y-3 text-sm text-slate-600">{children}</div>
    </section>
  );
}

/** The health page of a node without facts: what this is, and how to put the first facts in. */
export function FirstRunGuide({ nodeUrl, authRequired }: { nodeUrl: string; authRequired: boolean }) {
  return (
    <div data-testid="first-run" className="space-y-4">
      <section className={`${cardStyles} p-6`}>
        <h2 className="text-lg font-semibold text-slate-900">This node has no facts yet</h2>
        <p className="mt-2 max-w-3xl text-sm text-slate-600">
          Stigmem Health stores the facts your agents remember (entity, relation, value, source, confidence, scope) with the Stigmem protocol&apos;s semantics, and shows where that knowledge rots:
          contradictions between values, stale and expiring values, orphaned entities and references to things that do not exist. Once facts arrive, this page shows one health card per scope.
        </p>
        <p className="mt-2 text-sm text-slate-600">
          Node URL: <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-900" data-testid="first-run-node-url">{nodeUrl}</code>
          {authRequired ? (
            <>
              {' '}· replace <code className="font-mono text-xs">&lt;your key&gt;</code> with an API key with write access (create one on the{' '}
              <Link href="/keys" className={linkStyles}>
                Keys page
              </Link>
              ).
            </>
          ) : null}
        </p>
      </section>
      <Step n={1} title="Write a first fact over HTTP">
        <CopyableCode title="Assert a fact" text={writeFactCurl(nodeUrl, authRequired)} copyLabel="Copy the write command" testId="first-run-curl" block />
        <CopyableCode title="Read it back" text={readFactsCurl(nodeUrl, authRequired)} copyLabel="Copy the read command" testId="first-run-read" block />
      </Step>
      <Step n={2} title="Or let an agent write it over MCP">
        <p>Add the node to your MCP client, then ask the agent to remember something; it calls the assert_fact tool:</p>
        <div className="grid gap-4 lg:grid-cols-2">
          <CopyableCode title="Client config" text={httpClientConfig(nodeUrl, authRequired)} copyLabel="Copy the MCP client config" testId="first-run-mcp" block />
          <CopyableCode title="The tool call" text={mcpAssertFactCall()} copyLabel="Copy the tool call" testId="first-run-mcp-call" block />
        </div>
        <p>
          More clients and the stdio adapter: the{' '}
          <Link href="/node" className={linkStyles}>
            Node page
          </Link>
          .
        </p>
      </Step>
      <Step n={3} title="Import a knowledge base">
        <p>
          <code className="font-mono text-xs">POST /v1/facts/import</code> (admin) keeps each fact&apos;s id, timestamp and HLC, so a knowledge base moves here with its history; up to 1,000
          facts per request.
        </p>
        <CopyableCode title="Import" text={importCurl(nodeUrl, authRequired)} copyLabel="Copy the import command" testId="first-run-import" block />
        <p>
          Just looking around? <code className="font-mono text-xs">npm run demo</code> starts a node with 90 days of demo data.
        </p>
      </Step>
    </div>
  );
}
