/**
 * Keyboard movement over a list of group headers and rows (roving tabindex): one item is
 * tabbable, arrows move it. Plain data in, one move out — the component applies it.
 */

export interface RovingItem {
  key: string;
  /** The group header a row belongs to; absent for headers and flat lists. */
  parentKey?: string;
  /** Present on an expandable group header. */
  expanded?: boolean;
}

export type RovingKey = 'ArrowDown' | 'ArrowUp' | 'Home' | 'End' | 'ArrowLeft' | 'ArrowRight';

export type RovingMove =
  | { type: 'focus'; key: string }
  | { type: 'expand'; key: string }
  | { type: 'collapse'; key: string };

const ROVING_KEYS: ReadonlySet<string> = new Set<RovingKey>(['ArrowDown', 'ArrowUp', 'Home', 'End', 'ArrowLeft', 'ArrowRight']);

export function isRovingKey(key: string): key is RovingKey {
  return ROVING_KEYS.has(key);
}

/** The move a key asks for from the active item; undefined when it has nowhere to go. */
export function rovingMove(items: readonly RovingItem[], activeKey: string | undefined, key: RovingKey): RovingMove | undefined {
  if (items.length === 0) return undefined;
  const index = Math.max(0, items.findIndex((item) => item.key === activeKey));
  const item = items[index]!;
  const focus = (target: RovingItem | undefined): RovingMove | undefined =>
    target && target.key !== item.key ? { type: 'focus', key: target.key } : undefined;

  switch (key) {
    case 'ArrowDown':
      return focus(items[index + 1]);
    case 'ArrowUp':
      return focus(items[index - 1]);
    case 'Home':
      return focus(items[0]);
    case 'End':
      return focus(items[items.length - 1]);
    case 'ArrowRight':
      // Tree convention: open a closed group, or step into an open one.
      if (item.expanded === false) return { type: 'expand', key: item.key };
      if (item.expanded === true && items[index + 1]?.parentKey === item.key) return focus(items[index + 1]);
      return undefined;
    case 'ArrowLeft':
      if (item.expanded === true) return { type: 'collapse', key: item.key };
      if (item.parentKey !== undefined) return focus(items.find((candidate) => candidate.key === item.parentKey));
      return undefined;
  }
}

/**
 * The item that holds the tab stop after the list changed: the same item, else its group
 * header (its group was collapsed under it), else the first item.
 */
export function resolveActiveKey(
  items: readonly RovingItem[],
  activeKey: string | undefined,
  activeParentKey: string | undefined,
): string | undefined {
  if (activeKey !== undefined && items.some((item) => item.key === activeKey)) return activeKey;
  if (activeParentKey !== undefined && items.some((item) => item.key === activeParentKey)) return activeParentKey;
  return items[0]?.key;
}
