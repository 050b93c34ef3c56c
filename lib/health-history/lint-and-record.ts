import { performance } from 'node:perf_hooks';
import type { Principal } from '../auth/principal';
import { LINT_CHECKS, type LintRequest } from '../lint/lint-request';
import { type LintAnswer, lintScope } from '../lint/lint-scope';
import { recordHealthRun } from './record-run';
import { logger } from '../observability/logger';

// POST /v1/lint (and the MCP lint_scope tool): the lint itself stays read-only; afterwards, when it
// covered the whole scope exactly as a scheduled run does (every check, no entity or relation
// filter, no lookahead), its result is recorded as a health run with trigger "api". Recording never
// changes or fails the lint's answer.

export function recordable(request: LintRequest): boolean {
  return !request.entity && !request.relation && request.stale_lookahead_s === 0 && LINT_CHECKS.every((c) => request.checks.includes(c));
}

export async function lintAndRecord(request: LintRequest, principal: Principal, known: { aboveThreshold?: boolean } = {}): Promise<LintAnswer> {
  const t0 = performance.now();
  const answer = await lintScope(request, principal, known);
  if (answer.status === 200 && recordable(request)) {
    await recordHealthRun(request.scope, { trigger: 'api', lint: answer.body, lintMs: performance.now() - t0 }).catch((error) =>
      logger().error({ err: error, scope: request.scope }, 'recording the health run failed'),
    );
  }
  return answer;
}
