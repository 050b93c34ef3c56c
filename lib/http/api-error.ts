/** An error with its HTTP status and wire code; the route wrapper turns it into {"error","detail"}. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    detail: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(detail);
  }
}

export const badRequest = (code: string, detail: string, extra?: Record<string, unknown>) => new ApiError(400, code, detail, extra);
export const unprocessable = (code: string, detail: string, extra?: Record<string, unknown>) => new ApiError(422, code, detail, extra);
export const notFound = (code: string, detail: string) => new ApiError(404, code, detail);
export const conflict = (code: string, detail: string) => new ApiError(409, code, detail);
export const forbidden = (detail: string) => new ApiError(403, 'forbidden', detail);
export const unauthorized = (detail: string) => new ApiError(401, 'unauthorized', detail);
