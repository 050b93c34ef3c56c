import type { ErrorKind } from '../errors/domain-error';

// The one place a domain error kind becomes an HTTP status (docs/api.md § Errors).
export const STATUS_OF_KIND: Record<ErrorKind, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  timeout: 408,
  conflict: 409,
  too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
};
