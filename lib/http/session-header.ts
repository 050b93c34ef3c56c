import { unprocessable } from '../errors/domain-error';

// The `Stigmem-Session` header the official clients send on writes and reads: an opaque id of the
// agent session, stored with the facts a request writes and echoed as their `session_id`.

const MAX_SESSION_BYTES = 256;

export function sessionHeader(req: Request): string | null {
  const raw = req.headers.get('stigmem-session')?.trim();
  if (!raw) return null;
  if (Buffer.byteLength(raw, 'utf8') > MAX_SESSION_BYTES) throw unprocessable('validation_error', `Stigmem-Session: longer than ${MAX_SESSION_BYTES} bytes`);
  return raw;
}
