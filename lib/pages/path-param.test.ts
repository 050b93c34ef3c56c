import { describe, expect, it } from 'vitest';
import { decodePathParam } from './path-param';

describe('decodePathParam', () => {
  it('decodes what encodeURIComponent produced, once', () => {
    for (const uri of ['stigmem:conflict:0b6e-11', 'project:atlas', 'weird:100%/done?x#y', 'ünïcode:名前']) {
      expect(decodePathParam(encodeURIComponent(uri))).toBe(uri);
    }
  });

  it('keeps text that is not valid percent-encoding', () => {
    expect(decodePathParam('100%')).toBe('100%');
    expect(decodePathParam('%E0%A4%A')).toBe('%E0%A4%A');
  });
});
