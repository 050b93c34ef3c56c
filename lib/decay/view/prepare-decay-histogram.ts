// Series for the decay preview's chart: how many of the values a sweep would change sit in each
// confidence bucket before and after it. Input: the dry-run's `histogram` (ten buckets of 0.1). A
// bucket missing from the answer holds no values: a zero, never a gap. Retractions land in 0.0–0.1.

export interface DryRunHistogramBucket {
  bucket: string;
  before: number;
  after: number;
}

export interface DecayHistogramPoint {
  label: string;
  before: number;
  after: number;
}

export interface DecayHistogram {
  points: DecayHistogramPoint[];
  /** Values the sweep would change (every change is counted once before and once after). */
  changed: number;
  max: number;
  /** The mean confidence of the changed values moves from → to (bucket midpoints). */
  meanBefore: number | null;
  meanAfter: number | null;
}

const BUCKETS = 10;
const labelOf = (i: number) => `${(i / BUCKETS).toFixed(1)}–${((i + 1) / BUCKETS).toFixed(1)}`;
const count = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.trunc(n) : 0);

function meanOf(points: DecayHistogramPoint[], key: 'before' | 'after'): number | null {
  const total = points.reduce((s, p) => s + p[key], 0);
  if (!total) return null;
  return points.reduce((s, p, i) => s + p[key] * ((i + 0.5) / BUCKETS), 0) / total;
}

export function prepareDecayHistogram(histogram: DryRunHistogramBucket[] | null | undefined): DecayHistogram {
  const rows = histogram ?? [];
  const labelOfRow = (b: DryRunHistogramBucket) => String(b.bucket).replace('-', '–');
  const byLabel = new Map(rows.map((b) => [labelOfRow(b), b]));
  // The API labels its buckets; a list without such labels is read by position.
  const labelled = rows.some((b) => /^\d\.\d–\d\.\d$/.test(labelOfRow(b)));
  const points = Array.from({ length: BUCKETS }, (_, i): DecayHistogramPoint => {
    const label = labelOf(i);
    const row = labelled ? byLabel.get(label) : rows[i];
    return { label, before: count(row?.before), after: count(row?.after) };
  });
  return {
    points,
    changed: points.reduce((s, p) => s + p.before, 0),
    max: Math.max(0, ...points.flatMap((p) => [p.before, p.after])),
    meanBefore: meanOf(points, 'before'),
    meanAfter: meanOf(points, 'after'),
  };
}
