import type { ApiRouteHandler } from '@/lib/http/api-route';
import * as conflicts from '../v1/conflicts/route';
import * as resolve from '../v1/conflicts/[id]/resolve/route';
import * as context from '../v1/context/route';
import * as decay from '../v1/decay/sweep/route';
import * as facts from '../v1/facts/route';
import * as healthRuns from '../v1/health/runs/route';
import * as lint from '../v1/lint/route';
import * as recall from '../v1/recall/route';
import * as synthesis from '../v1/synthesis/route';

// The route handler behind each MCP tool: a tool call is answered by exactly the code that answers
// the same request over HTTP (parsing, permission and scope checks, the lib/ function, errors).

export const TOOL_HANDLERS: Record<string, { handler: ApiRouteHandler; param?: string }> = {
  lint_scope: { handler: lint.POST },
  decay_scope: { handler: decay.POST },
  synthesize_scope: { handler: synthesis.POST },
  resolve_contradiction: { handler: resolve.POST, param: 'id' },
  assert_fact: { handler: facts.POST },
  query_facts: { handler: facts.GET },
  recall: { handler: recall.POST },
  list_conflicts: { handler: conflicts.GET },
  get_context: { handler: context.POST },
  health_history: { handler: healthRuns.GET },
};
