// The large streamed bodies (a job's paged result, a whole synthesis, the exports) go out as they are,
// not compressed by Next (its gzip at level 6, which it applies to every response a client accepts
// gzip for; a route cannot compress a body itself, since Next drops a handler's Content-Encoding).
// Measured on a 10M-fact lint's result, 478 MB of JSON, on this machine's two cores (curl, a started
// server, the job done): 2.3 s as it is, 8.7 s gzipped (77 MB), while the lint's queries and the app
// want the same cores; gzip at level 1 would still take 3.9 s of one. A deployment that wants them
// compressed for a slow link lets its reverse proxy do it. `Cache-Control: no-transform` is what tells
// Next's compression to leave a response alone. Pages, scripts and small JSON stay compressed.

const streamed = new WeakSet<Response>();

/** A streamed body with its headers, marked so that Next sends it uncompressed. */
export function streamResponse(body: ReadableStream<Uint8Array>, headers: Record<string, string>): Response {
  const cacheControl = headers['cache-control'];
  const res = new Response(body, { headers: { ...headers, 'cache-control': cacheControl ? `${cacheControl}, no-transform` : 'no-transform' } });
  streamed.add(res);
  return res;
}

/**
 * Whether `res` streams from an open read (a cursor's transaction): its act is over only when the
 * body is, and on the embedded database nothing else can run in between (the audit log waits for it).
 */
export const isStreamed = (res: Response): boolean => streamed.has(res);

/** `res` with its body passed through `transform`: the same status and headers, streamed still when it was. */
export function pipeResponse(res: Response, transform: TransformStream<Uint8Array, Uint8Array>): Response {
  const piped = new Response(res.body ? res.body.pipeThrough(transform) : null, { status: res.status, headers: res.headers });
  if (streamed.has(res)) streamed.add(piped);
  return piped;
}
