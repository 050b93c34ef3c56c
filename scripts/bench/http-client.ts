import { BENCH_ADMIN_KEY } from './bench-server';

// What an agent does over HTTP: JSON requests with a bearer key, and for 202 answers the job polled
// until it is done, its result read to the last byte (the figure is "request until result in hand").

const POLL_MS = 100;

export class BenchClient {
  constructor(readonly url: string, readonly key = BENCH_ADMIN_KEY) {}

  /** One request; the body read whole. Throws on a status other than the expected ones. */
  async call(method: string, path: string, body?: unknown, expect: number[] = [200, 201, 202]): Promise<{ status: number; json: unknown; bytes: number }> {
    const res = await fetch(this.url + path, {
      method,
      headers: { authorization: `Bearer ${this.key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!expect.includes(res.status)) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 500)}`);
    return { status: res.status, json: text ? JSON.parse(text) : null, bytes: Buffer.byteLength(text) };
  }

  /** POST, and when the node answers 202 with a job, poll the job until it is done; the final body. */
  async untilDone(path: string, body: unknown, jobsPath: string): Promise<{ json: Record<string, unknown>; bytes: number; viaJob: boolean }> {
    const first = await this.call('POST', path, body);
    if (first.status !== 202) return { json: first.json as Record<string, unknown>, bytes: first.bytes, viaJob: false };
    const id = (first.json as { job_id: string }).job_id;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      const job = await this.call('GET', `${jobsPath}/${id}`);
      const status = (job.json as { status: string }).status;
      if (status === 'done') return { json: job.json as Record<string, unknown>, bytes: job.bytes, viaJob: true };
      if (status === 'failed') throw new Error(`job ${id} failed: ${(job.json as { error?: string }).error}`);
    }
  }

  /** A dashboard session cookie for this key (what the sign-in page sets). */
  async signIn(): Promise<string> {
    const res = await fetch(`${this.url}/api/session`, { method: 'POST', headers: { 'content-type': 'application/json', origin: this.url }, body: JSON.stringify({ key: this.key }) });
    if (!res.ok) throw new Error(`sign-in answered ${res.status}`);
    const cookie = res.headers.get('set-cookie');
    if (!cookie) throw new Error('sign-in set no cookie');
    return cookie.split(';')[0];
  }

  /** The embedded database's WebAssembly heap in MB from GET /metrics, or null on PostgreSQL. */
  async pgliteHeapMb(): Promise<number | null> {
    const res = await fetch(`${this.url}/metrics`, { headers: { authorization: `Bearer ${this.key}` } });
    const match = /^stigmem_pglite_heap_bytes (\d+)$/m.exec(await res.text());
    return match ? Number(match[1]) / 2 ** 20 : null;
  }
}
