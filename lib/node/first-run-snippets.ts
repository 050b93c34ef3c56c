import { KEY_PLACEHOLDER } from './view/mcp-config';

// The first-run page's copy-paste snippets, with this node's own URL: write a first fact, read it
// back, and import a knowledge base with its own ids and HLCs (docs/api.md § Facts).

const FIRST_FACT = {
  entity: 'stigmem://acme/project/apollo',
  relation: 'project:status',
  value: { type: 'string', v: 'active' },
  source: 'agent:onboarding',
  confidence: 0.9,
  scope: 'team',
};

const base = (nodeUrl: string) => nodeUrl.replace(/\/+$/, '');
const auth = (authRequired: boolean) => (authRequired ? ` \\\n  -H "Authorization: Bearer ${KEY_PLACEHOLDER}"` : '');

export function writeFactCurl(nodeUrl: string, authRequired: boolean): string {
  return `curl -X POST ${base(nodeUrl)}/v1/facts${auth(authRequired)} \\\n  -H 'Content-Type: application/json' \\\n  -d '${JSON.stringify(FIRST_FACT)}'`;
}

export function readFactsCurl(nodeUrl: string, authRequired: boolean): string {
  return `curl "${base(nodeUrl)}/v1/facts?scope=team&entity=${encodeURIComponent(FIRST_FACT.entity)}"${auth(authRequired)}`;
}

/** What to ask an agent connected over MCP: the assert_fact tool's arguments. */
export function mcpAssertFactCall(): string {
  return JSON.stringify({ tool: 'assert_fact', arguments: FIRST_FACT }, null, 2);
}

export function importCurl(nodeUrl: string, authRequired: boolean): string {
  return `# facts.json: {"facts":[{"id":"…","entity":"…","relation":"…","value":{…},"source":"…",
#              "timestamp":"2026-08-01T09:00:00Z","hlc":"1785574800000.000","scope":"team"}, …]}
curl -X POST ${base(nodeUrl)}/v1/facts/import${auth(authRequired)} \\\n  -H 'Content-Type: application/json' --data-binary @facts.json`;
}
