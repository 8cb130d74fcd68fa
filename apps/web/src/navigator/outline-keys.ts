/** One line of the outline tree as the keyboard walks it: a turn, or a subagent under its turn. */
export interface OutlineTreeItem {
  key: string;
  level: 1 | 2;
  /** Index of the item's turn among the tree's level-1 items' turns. */
  parent?: number;
  /** A turn with subagents: it opens and closes. */
  expanded?: boolean;
}

export type OutlineKeyStep =
  | { kind: 'focus'; index: number }
  | { kind: 'activate'; index: number }
  | { kind: 'expand'; index: number; open: boolean }
  | { kind: 'none' };

/**
 * What a key does in the outline (the WAI-ARIA tree pattern): ↑/↓ the previous or next item
 * shown, Home/End the first or last, → opens a closed turn or goes to its first subagent, ←
 * closes an open turn or goes from a subagent to its turn, Enter or Space jumps to the item.
 */
export function outlineKeyStep(items: readonly OutlineTreeItem[], focused: number, key: string): OutlineKeyStep {
  if (items.length === 0) return { kind: 'none' };
  const at = Math.min(Math.max(focused, 0), items.length - 1);
  const item = items[at]!;
  switch (key) {
    case 'ArrowDown':
      return { kind: 'focus', index: Math.min(items.length - 1, at + 1) };
    case 'ArrowUp':
      return { kind: 'focus', index: Math.max(0, at - 1) };
    case 'Home':
      return { kind: 'focus', index: 0 };
    case 'End':
      return { kind: 'focus', index: items.length - 1 };
    case 'ArrowRight':
      if (item.expanded === false) return { kind: 'expand', index: at, open: true };
      if (item.expanded === true && items[at + 1]?.level === 2) return { kind: 'focus', index: at + 1 };
      return { kind: 'none' };
    case 'ArrowLeft':
      if (item.expanded === true) return { kind: 'expand', index: at, open: false };
      if (item.level === 2 && item.parent !== undefined) return { kind: 'focus', index: item.parent };
      return { kind: 'none' };
    case 'Enter':
    case ' ':
      return { kind: 'activate', index: at };
    default:
      return { kind: 'none' };
  }
}

/**
 * The turn `j` (next) or `k` (previous) goes to from where the timeline is: `k` in the middle of
 * a turn goes to that turn's start first, as "previous heading" does in a document.
 */
export function turnForKey(key: 'j' | 'k', current: number | undefined, turnCount: number, atTurnStart: boolean): number | undefined {
  if (turnCount === 0) return undefined;
  if (current === undefined) return key === 'j' ? 0 : undefined;
  if (key === 'j') return current + 1 < turnCount ? current + 1 : undefined;
  if (!atTurnStart) return current;
  return current > 0 ? current - 1 : undefined;
}
