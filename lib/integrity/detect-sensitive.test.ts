import { describe, expect, it } from 'vitest';
import { demoValues } from '@/test/fixtures/integrity/demo-corpus';
import { detectSensitive } from './detect-sensitive';
import { benignCorpus, sensitiveCorpus } from './integrity-corpus.test-support';
import { ibanValid, luhnValid, SENSITIVE_FORMATS } from './sensitive-patterns';

// The sensitive detector against test/fixtures/integrity/sensitive-corpus.json (issue 29: every
// format found, ≤ 2 % of benign text flagged) and its one promise: a finding never holds the secret.

const corpus = sensitiveCorpus();

describe('detectSensitive on the corpus', () => {
  it('finds every sample of every format it lists, under that format', () => {
    const formats = new Set(SENSITIVE_FORMATS.map((f) => f.id));
    expect(new Set(corpus.positives.map((p) => p.format))).toEqual(formats);
    for (const sample of corpus.positives) expect(detectSensitive(sample.text).map((f) => f.format), sample.text).toContain(sample.format);
  }, 30_000);

  it('flags at most 2 % of the near-misses, and no credential in the benign knowledge-base text', () => {
    const flagged = corpus.negatives.filter((n) => detectSensitive(n.text).length > 0);
    expect(flagged.length / corpus.negatives.length).toBeLessThanOrEqual(0.02);
    const credentials = benignCorpus().filter((b) => detectSensitive(b.text).some((f) => f.class === 'credential'));
    expect(credentials.map((b) => b.text)).toEqual([]);
  }, 30_000);

  it('finds nothing in the demo knowledge base', () => {
    expect(demoValues(new Date('2026-11-26T00:00:00Z')).filter((v) => detectSensitive(v).length > 0)).toEqual([]);
  }, 60_000);
});

describe('findings never echo the secret', () => {
  it('masks to a public prefix and at most the last four characters', () => {
    for (const sample of corpus.positives) {
      for (const finding of detectSensitive(sample.text)) {
        const matched = sample.text.slice(finding.index, finding.index + finding.length);
        // Whatever the masked form keeps, the secret's middle is not in it.
        const middle = matched.slice(Math.floor(matched.length / 3), Math.ceil((2 * matched.length) / 3));
        if (middle.length >= 6 && finding.format !== 'private_key' && finding.format !== 'email') expect(finding.masked, sample.text).not.toContain(middle);
        // A private key is found by its header line, which holds no secret and is shown as it is.
        if (finding.format !== 'private_key') expect(finding.masked).not.toBe(matched);
      }
    }
    expect(detectSensitive('key AKIAIOSFODNN7EXAMPLE')[0]).toEqual({ format: 'aws_access_key_id', class: 'credential', masked: 'AKIA…MPLE (20 characters)', index: 4, length: 20 });
    expect(detectSensitive('postgres://app:S3cr3t-Pa55w0rd@db:5432/x')[0].masked).toBe('postgres://app:****@db:5432');
    expect(detectSensitive('card 4111 1111 1111 1111')[0].masked).toBe('•••• 1111');
    expect(detectSensitive('mail alice.martin@example.com')[0]).toMatchObject({ class: 'personal_data', masked: 'a***@example.com' });
  });

  it('checks what a pattern cannot: Luhn, IBAN mod 97, placeholders', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(ibanValid('DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(ibanValid('DE89370400440532013001')).toBe(false);
    expect(detectSensitive('postgres://user:${PGPASSWORD}@db/app')).toEqual([]);
    expect(detectSensitive('password: changeme')).toEqual([]);
  });
});
