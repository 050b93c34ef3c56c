// The dashboard's one way to call the JSON API from the browser. The session cookie rides along
// (same origin) and the browser adds the Origin header the API checks on mutations. Failures
// become ApiClientError carrying the API's {"error","detail"}, so the UI can show `detail`.

export class ApiClientError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    readonly body: unknown = null,
  ) {
    super(detail);
    this.name = 'ApiClientError';
  }
}

export function isClientError(error: unknown): error is ApiClientError {
  return error instanceof ApiClientError && error.status >= 400 && error.status < 500;
}

/** What a component shows for any failure: the API's detail when there is one. */
export function errorDetail(error: unknown): string {
  if (error instanceof ApiClientError) return error.detail;
  if (error instanceof TypeError) return 'The node could not be reached. Check your connection and try again.';
  return error instanceof Error ? error.message : 'Something went wrong.';
}

export async function apiFetch<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  return (await apiFetchWithHeaders<T>(path, init)).body;
}

/** apiFetch, with the answer's headers (a listing that pages through headers, GET /v1/auth/keys). */
export async function apiFetchWithHeaders<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<{ body: T; headers: Headers }> {
  const response = await fetch(path, {
    method: init.method ?? 'GET',
    credentials: 'same-origin',
    headers: init.body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (response.status === 204) return { body: undefined as T, headers: response.headers };
  const text = await response.text();
  let payload: unknown;
  try {
    payload = text ? JSON.parse(text) : null;
  } catch {
    payload = null;
  }
  if (!response.ok) {
    const { error, detail } = (payload ?? {}) as { error?: unknown; detail?: unknown };
    throw new ApiClientError(
      response.status,
      typeof error === 'string' ? error : 'http_error',
      typeof detail === 'string' ? detail : `The node answered ${response.status} ${response.statusText}.`,
      payload,
    );
  }
  return { body: payload as T, headers: response.headers };
}
