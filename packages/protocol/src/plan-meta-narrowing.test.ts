import { describe, expect, it } from 'vitest';
import { planMetaFromMeta, planViewFromMeta } from './plan-view';

const good = {
  items: [
    { text: 'Read the failing test', status: 'completed' },
    { text: 'Fix the parser', status: 'in_progress' },
    { text: 'Run the suite', status: 'pending' },
  ],
  explanation: 'The parser fix comes first.',
};

describe('planMetaFromMeta accepts', () => {
  it('items of every status, with an explanation', () => {
    expect(planMetaFromMeta(good)).toEqual(good);
  });

  it('an empty plan', () => {
    expect(planMetaFromMeta({ items: [] })).toEqual({ items: [] });
  });

  it('drops unknown fields of the plan and of its items', () => {
    expect(planMetaFromMeta({ ...good, extra: 1, items: good.items.map((item) => ({ ...item, id: '7', priority: 'high' })) })).toEqual(good);
  });

  it('as the plan card, with its title', () => {
    expect(planViewFromMeta(good, 'Update plan')).toEqual({ card: 'plan', title: 'Update plan', ...good });
  });
});

describe('planMetaFromMeta rejects', () => {
  it.each([
    ['undefined', undefined],
    ['null', null],
    ['a string', 'plan'],
    ['an array of items', good.items],
  ])('a non-object meta: %s', (_, meta) => {
    expect(planMetaFromMeta(meta)).toBeUndefined();
    expect(planViewFromMeta(meta)).toBeUndefined();
  });

  it.each([
    ['missing items', { explanation: 'x' }],
    ['items not an array', { items: { text: 'a', status: 'pending' } }],
    ['an item that is not an object', { items: ['Fix it'] }],
    ['an item without text', { items: [{ status: 'pending' }] }],
    ['an item with empty text', { items: [{ text: '', status: 'pending' }] }],
    ['an item with non-string text', { items: [{ text: 3, status: 'pending' }] }],
    ['an item without status', { items: [{ text: 'a' }] }],
    ['an unknown status', { items: [{ text: 'a', status: 'blocked' }] }],
    ["Claude Code's spelling of a status in another case", { items: [{ text: 'a', status: 'In_Progress' }] }],
    ['a non-string explanation', { items: [], explanation: 5 }],
  ])('%s', (_, meta) => {
    expect(planMetaFromMeta(meta)).toBeUndefined();
  });

  it('a revoked proxy (hostile value) without throwing', () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(planMetaFromMeta(proxy)).toBeUndefined();
  });
});
