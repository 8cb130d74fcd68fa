import { describe, expect, it } from 'vitest';
import { outlineKeyStep, turnForKey, type OutlineTreeItem } from './outline-keys';

const items: OutlineTreeItem[] = [
  { key: 't0', level: 1 },
  { key: 't1', level: 1, expanded: true },
  { key: 's1', level: 2, parent: 1 },
  { key: 't2', level: 1, expanded: false },
];

describe('outlineKeyStep', () => {
  it('moves up and down the items shown, to the ends with Home and End', () => {
    expect(outlineKeyStep(items, 0, 'ArrowDown')).toEqual({ kind: 'focus', index: 1 });
    expect(outlineKeyStep(items, 3, 'ArrowDown')).toEqual({ kind: 'focus', index: 3 });
    expect(outlineKeyStep(items, 0, 'ArrowUp')).toEqual({ kind: 'focus', index: 0 });
    expect(outlineKeyStep(items, 2, 'Home')).toEqual({ kind: 'focus', index: 0 });
    expect(outlineKeyStep(items, 0, 'End')).toEqual({ kind: 'focus', index: 3 });
  });

  it('opens and closes a turn with subagents, and goes between a subagent and its turn', () => {
    expect(outlineKeyStep(items, 3, 'ArrowRight')).toEqual({ kind: 'expand', index: 3, open: true });
    expect(outlineKeyStep(items, 1, 'ArrowRight')).toEqual({ kind: 'focus', index: 2 });
    expect(outlineKeyStep(items, 1, 'ArrowLeft')).toEqual({ kind: 'expand', index: 1, open: false });
    expect(outlineKeyStep(items, 2, 'ArrowLeft')).toEqual({ kind: 'focus', index: 1 });
    expect(outlineKeyStep(items, 0, 'ArrowRight')).toEqual({ kind: 'none' });
  });

  it('jumps with Enter or Space, and ignores other keys and an empty tree', () => {
    expect(outlineKeyStep(items, 2, 'Enter')).toEqual({ kind: 'activate', index: 2 });
    expect(outlineKeyStep(items, 2, ' ')).toEqual({ kind: 'activate', index: 2 });
    expect(outlineKeyStep(items, 2, 'x')).toEqual({ kind: 'none' });
    expect(outlineKeyStep([], 0, 'ArrowDown')).toEqual({ kind: 'none' });
  });
});

describe('turnForKey', () => {
  it('goes to the next turn with j and the previous with k, the current turn start first when in its middle', () => {
    expect(turnForKey('j', 2, 5, true)).toBe(3);
    expect(turnForKey('j', 4, 5, true)).toBeUndefined();
    expect(turnForKey('k', 2, 5, true)).toBe(1);
    expect(turnForKey('k', 2, 5, false)).toBe(2);
    expect(turnForKey('k', 0, 5, true)).toBeUndefined();
    expect(turnForKey('j', undefined, 5, true)).toBe(0);
    expect(turnForKey('j', 0, 0, true)).toBeUndefined();
  });
});
