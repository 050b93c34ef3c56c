// Errors the domain throws, named for what went wrong rather than for a transport. `lib/http`
// maps each kind to its status and answers {"error": code, "detail": message}; the MCP route and
// scripts read the same fields. This folder imports nothing, so any layer may throw these.

export const ERROR_KINDS = ['bad_request', 'unauthorized', 'forbidden', 'not_found', 'timeout', 'conflict', 'too_large', 'unsupported_media_type', 'unprocessable'] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

export class DomainError extends Error {
  constructor(
    readonly kind: ErrorKind,
    /** The wire code, snake_case: `invalid_entity_uri`, `already_resolved`, … */
    readonly code: string,
    detail: string,
    /** Extra fields of the error body (`max_bytes`, `index`, …). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(detail);
    this.name = 'DomainError';
  }
}

export const badRequest = (code: string, detail: string, extra?: Record<string, unknown>) => new DomainError('bad_request', code, detail, extra);
export const unprocessable = (code: string, detail: string, extra?: Record<string, unknown>) => new DomainError('unprocessable', code, detail, extra);
export const timedOut = (code: string, detail: string) => new DomainError('timeout', code, detail);
export const unsupportedMediaType = (code: string, detail: string) => new DomainError('unsupported_media_type', code, detail);
export const tooLarge = (code: string, detail: string, extra?: Record<string, unknown>) => new DomainError('too_large', code, detail, extra);
export const notFound = (code: string, detail: string) => new DomainError('not_found', code, detail);
export const conflict = (code: string, detail: string) => new DomainError('conflict', code, detail);
export const forbidden = (detail: string, code = 'forbidden') => new DomainError('forbidden', code, detail);
export const unauthorized = (detail: string) => new DomainError('unauthorized', 'unauthorized', detail);
