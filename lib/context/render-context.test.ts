import { describe, expect, it } from 'vitest';
import { namespaceOf, renderContextBlock } from './render-context';

const fact = (relation: string, v: string | null, confidence = 1, hlc?: string, entity = 'stigmem://acme/user/alice') => ({
  entity,
  relation,
  value: v === null ? ({ type: 'null', v: null } as const) : ({ type: 'string', v } as const),
  confidence,
  hlc,
});

describe('Spec-19 context block', () => {
  it('omits the whole block when there are no facts', () => {
    expect(renderContextBlock('alice', [])).toBe('');
  });

  it('renders the heading, a section per namespace and one line per fact', () => {
    expect(renderContextBlock('stigmem://acme/user/alice', [fact('memory:role', 'CTO'), fact('intent:handoff_to', 'agent:planner')])).toBe(
      '## Stigmem context - stigmem://acme/user/alice\n\n' +
        '### intent\n- **intent:handoff_to** on `stigmem://acme/user/alice`: agent:planner\n\n' +
        '### memory\n- **memory:role** on `stigmem://acme/user/alice`: CTO\n',
    );
  });

  it('keeps relation and entity strings verbatim', () => {
    const block = renderContextBlock('x', [fact('Memory:Role_*weird*', 'v', 1, undefined, 'stigmem://A/B c')]);
    expect(block).toContain('- **Memory:Role_*weird*** on `stigmem://A/B c`: v');
    expect(block).toContain('### Memory');
  });

  it('renders null as (null)', () => {
    expect(renderContextBlock('x', [fact('memory:manager', null)])).toContain(': (null)');
  });

  it('shows confidence only below 1.0, with two decimals', () => {
    const block = renderContextBlock('x', [fact('memory:a', 'sure', 1), fact('memory:b', 'likely', 0.875), fact('memory:c', 'faint', 0.1)]);
    expect(block).toContain('**memory:a** on `stigmem://acme/user/alice`: sure\n');
    expect(block).toContain(': likely _(confidence: 0.88)_');
    expect(block).toContain(': faint _(confidence: 0.10)_');
  });

  it('orders by descending confidence, then descending HLC (numerically)', () => {
    const block = renderContextBlock('x', [
      fact('memory:old', 'o', 0.9, '0000000001000.999'),
      fact('memory:low', 'l', 0.5, '0000000009000.000'),
      fact('memory:new', 'n', 0.9, '0000000002000.001'),
      fact('memory:top', 't', 1, '0000000000001.000'),
    ]);
    const order = [...block.matchAll(/\*\*(memory:\w+)\*\*/g)].map((m) => m[1]);
    expect(order).toEqual(['memory:top', 'memory:new', 'memory:old', 'memory:low']);
  });

  it('namespaces: the part before the first colon; none → the relation itself', () => {
    expect(namespaceOf('memory:role')).toBe('memory');
    expect(namespaceOf('paperclip:task:state')).toBe('paperclip');
    expect(namespaceOf('nickname')).toBe('nickname');
  });

  it('renders every value type as text', () => {
    const block = renderContextBlock('x', [
      { entity: 'e', relation: 'memory:n', value: { type: 'number', v: 1.5 }, confidence: 1 },
      { entity: 'e', relation: 'memory:b', value: { type: 'boolean', v: false }, confidence: 1 },
      { entity: 'e', relation: 'memory:r', value: { type: 'ref', v: 'stigmem://acme/agent/a' }, confidence: 1 },
    ]);
    expect(block).toContain('**memory:n** on `e`: 1.5\n');
    expect(block).toContain('**memory:b** on `e`: false\n');
    expect(block).toContain('**memory:r** on `e`: stigmem://acme/agent/a\n');
  });
});
