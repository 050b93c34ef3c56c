import { expect, it } from 'vitest';
import vectors from '../conformance/lint-vectors.json';
import { LintResult } from '@/lib/wire/lint';
import { api, describeHttp, expectBody } from '../harness';

// The eight normative lint vectors of §14.8, as data, run over HTTP (on PGlite and on PostgreSQL).

function materialize(body: unknown): unknown {
  return JSON.parse(JSON.stringify(body).replaceAll('__now_plus_30s__', new Date(Date.now() + 30_000).toISOString()));
}

describeHttp('lint conformance vectors (§14.8)', () => {
  for (const vector of vectors.vectors) {
    it(vector.id, async () => {
      for (const fact of vector.setup) {
        const res = await api.post('/v1/facts', materialize(fact));
        expect(res.status, JSON.stringify(res.body)).toBe(201);
      }
      const result = expectBody(await api.post('/v1/lint', vector.request), 200, LintResult);
      const expected = vector.expected as { findings_min?: number; findings_check?: string; findings_severity?: string; findings_empty?: boolean };
      expect(result.scope).toBe(vector.request.scope);
      expect(result.checks_run).toEqual(vector.request.checks);
      if (expected.findings_empty) expect(result.findings).toEqual([]);
      if (expected.findings_min !== undefined) expect(result.findings.length).toBeGreaterThanOrEqual(expected.findings_min);
      if (expected.findings_check) for (const f of result.findings) expect(f.check).toBe(expected.findings_check);
      if (expected.findings_severity) expect(result.findings.map((f) => f.severity)).toContain(expected.findings_severity);
    });
  }
});
