import { describe, expect, it } from 'vitest';
import { isRovingKey, resolveActiveKey, rovingMove, type RovingItem } from './roving-focus';

// Group a (open, two rows), group b (closed), group c (open, one row).
const items: RovingItem[] = [
  { key: 'a', expanded: true },
  { key: 'a1', parentKey: 'a' },
  { key: 'a2', parentKey: 'a' },
  { key: 'b', expanded: false },
  { key: 'c', expanded: true },
  { key: 'c1', parentKey: 'c' },
];

describe('rovingMove', () => {
  it('moves down and up through headers and rows alike', () => {
    expect(rovingMove(items, 'a', 'ArrowDown')).toEqual({ type: 'focus', key: 'a1' });
    expect(rovingMove(items, 'a2', 'ArrowDown')).toEqual({ type: 'focus', key: 'b' });
    expect(rovingMove(items, 'c', 'ArrowUp')).toEqual({ type: 'focus', key: 'b' });
  });

  it('stops at the ends instead of wrapping', () => {
    expect(rovingMove(items, 'c1', 'ArrowDown')).toBeUndefined();
    expect(rovingMove(items, 'a', 'ArrowUp')).toBeUndefined();
  });

  it('jumps to the first and last item with Home and End', () => {
    expect(rovingMove(items, 'b', 'Home')).toEqual({ type: 'focus', key: 'a' });
    expect(rovingMove(items, 'b', 'End')).toEqual({ type: 'focus', key: 'c1' });
    expect(rovingMove(items, 'a', 'Home')).toBeUndefined();
  });

  it('opens a closed group and steps into an open one with ArrowRight', () => {
    expect(rovingMove(items, 'b', 'ArrowRight')).toEqual({ type: 'expand', key: 'b' });
    expect(rovingMove(items, 'a', 'ArrowRight')).toEqual({ type: 'focus', key: 'a1' });
    expect(rovingMove(items, 'a1', 'ArrowRight')).toBeUndefined();
  });

  it('closes an open group, or climbs from a row to its header, with ArrowLeft', () => {
    expect(rovingMove(items, 'a', 'ArrowLeft')).toEqual({ type: 'collapse', key: 'a' });
    expect(rovingMove(items, 'a2', 'ArrowLeft')).toEqual({ type: 'focus', key: 'a' });
    expect(rovingMove(items, 'b', 'ArrowLeft')).toBeUndefined();
  });

  it('treats an unknown active key as the first item, and an empty list as no move', () => {
    expect(rovingMove(items, undefined, 'ArrowDown')).toEqual({ type: 'focus', key: 'a1' });
    expect(rovingMove([], 'a', 'ArrowDown')).toBeUndefined();
  });

  it('moves through a flat list (paths) the same way', () => {
    const flat = [{ key: 'p0' }, { key: 'p1' }, { key: 'p2' }];
    expect(rovingMove(flat, 'p0', 'ArrowDown')).toEqual({ type: 'focus', key: 'p1' });
    expect(rovingMove(flat, 'p1', 'End')).toEqual({ type: 'focus', key: 'p2' });
    expect(rovingMove(flat, 'p1', 'ArrowLeft')).toBeUndefined();
    expect(rovingMove(flat, 'p1', 'ArrowRight')).toBeUndefined();
  });
});

describe('resolveActiveKey', () => {
  it('keeps a visible active item', () => {
    expect(resolveActiveKey(items, 'a2', 'a')).toBe('a2');
  });

  it('falls back to the header when the active row was collapsed away', () => {
    const collapsed = items.filter((item) => item.parentKey !== 'a');
    expect(resolveActiveKey(collapsed, 'a2', 'a')).toBe('a');
  });

  it('falls back to the first item otherwise', () => {
    expect(resolveActiveKey(items, undefined, undefined)).toBe('a');
    expect(resolveActiveKey(items, 'gone', 'also-gone')).toBe('a');
    expect(resolveActiveKey([], 'a', undefined)).toBeUndefined();
  });
});

describe('isRovingKey', () => {
  it('accepts only the movement keys', () => {
    expect(isRovingKey('ArrowDown')).toBe(true);
    expect(isRovingKey('End')).toBe(true);
    expect(isRovingKey('Enter')).toBe(false);
    expect(isRovingKey(' ')).toBe(false);
  });
});
