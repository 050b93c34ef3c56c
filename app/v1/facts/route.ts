import { z } from 'zod';
import { badRequest, forbidden } from '@/lib/errors/domain-error';
import { type Principal, scopesWith } from '@/lib/auth/principal';
import { apiRoute } from '@/lib/http/api-route';
import { MAX_BATCH_BODY_BYTES } from '@/lib/http/read-body';
import { sessionHeader } from '@/lib/http/session-header';
import { queryBoolean, queryLimit } from '@/lib/schemas/query-params';
import { normalizeUri } from '@/lib/facts/normalize';
import { parseFactBody, isoTimestamp } from '@/lib/facts/parse-fact-input';
import { queryFacts } from '@/lib/facts/query-facts';
import { type FactScope, scopeSchema } from '@/lib/facts/scope';
import { writeFacts } from '@/lib/facts/write-facts';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';
import { asOfField, asOfFields, readAsOf } from '@/lib/time-travel/as-of';
import { atInstant } from '@/lib/time-travel/at-instant';
import { FactPage, FactWriteAnswer } from '@/lib/wire/facts';

export const dynamic = 'force-dynamic';

export const POST = apiRoute({
  permission: 'write',
  body: (raw) => parseFactBody(raw, 'assert'),
  scope: ({ body }) => body.inputs.map((input) => input.scope),
  maxBodyBytes: MAX_BATCH_BODY_BYTES,
  statuses: [201],
  response: FactWriteAnswer,
  audit: { action: 'facts.write', detail: ({ body }) => ({ facts: body.inputs.length }) },
  handler: async ({ req, body: { inputs, batch } }) => {
    const sessionId = sessionHeader(req);
    inputs.forEach((input) => (input.sessionId = sessionId));
    const { facts } = await writeFacts(inputs, { mode: 'assert' });
    return Response.json(batch ? { facts } : facts[0], { status: 201 });
  },
});

const uriParam = z.string().optional();

/** The scopes among `scopes` whose quarantine `principal` moderates (admin); none is a 403: the flag is for moderators. */
function moderatedScopes(principal: Principal, scopes: FactScope[]): FactScope[] {
  const moderated = scopes.filter((scope) => scopesWith(principal, 'admin').includes(scope));
  if (!moderated.length) throw forbidden('include_quarantined lists quarantined facts to their moderators: it needs the admin permission on a scope you read');
  return moderated;
}

export const GET = apiRoute({
  permission: 'read',
  scope: ({ query }) => query.scope,
  query: z.object({
    entity: uriParam,
    relation: z.string().optional(),
    source: uriParam,
    scope: scopeSchema.optional(),
    min_confidence: z.coerce.number({ error: 'must be a number' }).min(0, 'must be in [0, 1]').max(1, 'must be in [0, 1]').default(0),
    after: isoTimestamp.optional(),
    include_contradicted: queryBoolean(false),
    include_expired: queryBoolean(false),
    /** Moderators: list the facts in quarantine (pending, rejected) of the scopes they administer too. */
    include_quarantined: queryBoolean(false),
    cursor: z.string().optional(),
    limit: queryLimit(),
    /** Time travel: the facts as the log held them at this instant (docs/api.md § Time travel). */
    as_of: asOfField,
  }),
  response: FactPage,
  handler: async ({ query, scopes, principal }) => {
    const normalized = (name: string, raw: string | undefined) => {
      if (raw === undefined) return undefined;
      const value = normalizeUri(raw);
      if (!value) throw badRequest('invalid_entity_uri', `${name}: must not be empty`);
      return value;
    };
    const asOf = query.as_of === undefined ? null : await readAsOf(query.as_of);
    const factQuery = {
      scopes,
      entity: normalized('entity', query.entity),
      relation: query.relation,
      source: normalized('source', query.source),
      minConfidence: query.min_confidence,
      after: query.after ? new Date(query.after) : undefined,
      includeContradicted: query.include_contradicted,
      includeExpired: query.include_expired,
      quarantineScopes: query.include_quarantined ? moderatedScopes(principal, scopes) : [],
      cursor: query.cursor,
      limit: query.limit,
    };
    const page = asOf ? await atInstant(asOf, { scopes, entity: factQuery.entity }, (tx, at) => queryFacts(factQuery, tx, at)) : await queryFacts(factQuery);
    // The reference node's `total` is the number of facts on this page, also sent as X-Total-Count.
    return Response.json(
      { facts: page.facts, total: page.facts.length, cursor: page.cursor, ...(asOf ? asOfFields(asOf) : {}) },
      { headers: { 'X-Total-Count': String(page.facts.length) } },
    );
  },
});

export const { PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed('GET', 'POST');
