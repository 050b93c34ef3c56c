import { type AuditActor, actorOf, recordAuditOrLog } from '../audit/record-audit';
import { clientAddress } from '../audit/client-address';
import type { AuditAction } from '../audit/audit-actions';
import type { Principal } from '../auth/principal';
import type { FactScope } from '../facts/scope';
import { isStreamed } from './stream-response';

// The route wrapper's half of the audit log (lib/audit/, docs/decisions.md § Audit log). A route
// that changes state or hands out data names its act (`audit: { action }`) and the wrapper records
// it once the outcome is known — success, refusal or failure, with the status — from what it
// already holds: the caller, the scopes the request touched, the record named by the path or
// created by the handler. Every other route records only its refusals (401, 403) as
// `access.denied`: failed authentication and scope violations are audited wherever they happen.
// The entry is written after the handler's transaction ended, never inside it; a failure to write
// it is logged and does not change the answer (the act has happened or not by then).

export interface AuditSpec<I> {
  /** `<area>.<verb>`: key.create, webhook.replace, export.findings, … (lib/audit/audit-actions.ts). */
  action: AuditAction;
  /** A success that is not an act worth recording (a dry run reads); refusals are recorded all the same. */
  skip?: (input: I) => boolean;
  /** The record acted on: from the input (a path id) or the handler's answer (a created id). */
  target?: (input: I, result: unknown) => string | null | undefined;
  /** A few facts about the act (how many facts a batch wrote); never secrets or bodies. */
  detail?: (input: I, result: unknown) => Record<string, unknown> | null | undefined;
}

/** Filled by a handler that alone knows something the entry needs. */
export interface AuditNote {
  /** Who acted, where the route's caller is not it (a sign-in acts for the key it signs in with). */
  actor?: AuditActor;
  targetId?: string | null;
  scopes?: readonly FactScope[];
}

/** What the wrapper learnt about a request as it went, for its audit entry. */
export interface RequestTrail {
  principal: Principal | null;
  input: unknown;
  /** The scopes the request touched (empty: node-wide), once known. */
  touched: readonly FactScope[] | null;
  result: unknown;
  note: AuditNote;
}

export const newTrail = (): RequestTrail => ({ principal: null, input: undefined, touched: null, result: undefined, note: {} });

const NOBODY: AuditActor = { keyId: null, entityUri: null, via: 'anonymous' };

/** A declaration that throws must not turn a recorded act into an unrecorded one. */
function attempt<T>(read: () => T): T | null {
  try {
    return read();
  } catch {
    return null;
  }
}

/**
 * Records the request's act once its outcome is known, and answers the response to send. A streamed
 * answer (an export) is recorded when its body ends or the client stops reading it: before that,
 * its read holds the embedded database's one session, so an entry written at once would wait for a
 * download that cannot start until this returns.
 */
export async function auditRequest<I>(spec: AuditSpec<I> | undefined, trail: RequestTrail, req: Request, res: Response): Promise<Response> {
  const denied = res.status === 401 || res.status === 403;
  if (!spec && !denied) return res;
  const input = trail.input as I | undefined;
  if (spec && !denied && input !== undefined && attempt(() => spec.skip?.(input))) return res;
  if (isStreamed(res) && res.body) return afterBody(res, (completed) => writeEntry(spec, trail, req, res, completed ? null : { completed: false }));
  await writeEntry(spec, trail, req, res, null);
  return res;
}

/** The response with the same body, calling `done` (and waiting for it) before the body ends. */
function afterBody(res: Response, done: (completed: boolean) => Promise<void>): Response {
  const reader = res.body!.getReader();
  let called = false;
  const once = async (completed: boolean) => {
    if (called) return;
    called = true;
    await done(completed);
  };
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const { done: finished, value } = await reader.read();
          if (!finished) return controller.enqueue(value);
          await once(true);
          controller.close();
        } catch (error) {
          await once(false);
          controller.error(error);
        }
      },
      async cancel(reason) {
        await reader.cancel(reason);
        await once(false);
      },
    },
    // Pulled only when the client asks, as the body it wraps.
    { highWaterMark: 0 },
  );
  return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
}

async function writeEntry<I>(spec: AuditSpec<I> | undefined, trail: RequestTrail, req: Request, res: Response, extra: Record<string, unknown> | null): Promise<void> {
  const input = trail.input as I | undefined;
  const readable = input !== undefined && res.status < 400;
  const targetId = trail.note.targetId ?? (spec?.target && input !== undefined ? attempt(() => spec.target!(input, trail.result)) : null);
  const detail = spec?.detail && readable ? attempt(() => spec.detail!(input!, trail.result)) : null;
  const { address, forwardedFor } = clientAddress(req.headers);
  await recordAuditOrLog({
    action: spec?.action ?? 'access.denied',
    status: res.status,
    actor: trail.note.actor ?? (trail.principal && trail.principal.via !== 'anonymous' ? actorOf(trail.principal) : NOBODY),
    scopes: trail.note.scopes ?? trail.touched ?? [],
    targetId,
    method: req.method,
    path: new URL(req.url).pathname,
    clientAddress: address,
    detail: detail || forwardedFor || extra ? { ...detail, ...extra, ...(forwardedFor ? { forwarded_for: forwardedFor } : {}) } : null,
  });
}
