import { describe, expect, it } from 'vitest';
import { inspectValue } from '../inspect-value';
import { signalLabel } from './signal-label';

describe('signalLabel', () => {
  it('reads an injection signal as its kind and rule', () => {
    expect(signalLabel('injection:override:ignore_previous')).toBe('override: ignore previous');
    expect(signalLabel('injection:role_marker')).toBe('role marker');
  });

  it("reads a credential by its format and masked form, and never holds more of the secret than the flag", () => {
    const secret = 'AKIAIOSFODNN7EXAMPLE';
    const labels = inspectValue({ type: 'string', v: `aws_access_key_id=${secret}` }).flags.map(signalLabel);
    expect(labels.some((l) => l.startsWith('aws access key id AKIA'))).toBe(true);
    expect(labels.join(' ')).not.toContain(secret);
  });
});
