import { describe, expect, it } from 'vitest';
import { routePattern } from './registry';

describe('metric route labels', () => {
  it('replaces parameter values with their names', () => {
    expect(routePattern('/v1/conflicts/stigmem%3Aconflict%3Aab/resolve', { id: 'stigmem:conflict:ab' })).toBe('/v1/conflicts/[id]/resolve');
    expect(routePattern('/v1/health/runs/123', { id: '123' })).toBe('/v1/health/runs/[id]');
    expect(routePattern('/v1/lint', {})).toBe('/v1/lint');
  });
});
