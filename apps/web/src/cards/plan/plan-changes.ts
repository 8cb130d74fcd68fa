import type { PlanItem, PlanMeta } from '@toolcards/protocol';

/** What a plan changed since the session's previous plan: by item, and in all. */
export interface PlanChanges {
  /** Per item of the new plan: new in it, or completed since (else nothing to say). */
  marks: readonly (PlanItemChange | undefined)[];
  added: number;
  completed: number;
  /** Items of the previous plan this one no longer has. */
  dropped: number;
}

export type PlanItemChange = 'added' | 'completed';

/**
 * Items are matched by their text (trimmed; agents rewrite the whole list each time, with
 * the same words for the same step); a text used twice matches in order. An item whose text
 * the previous plan lacked is `added`; one completed now and not before is `completed`.
 * Undefined without a previous plan: there is nothing to compare with. Pure.
 */
export function planChanges(previous: PlanMeta | undefined, current: PlanMeta): PlanChanges | undefined {
  if (previous === undefined) return undefined;
  const before = new Map<string, PlanItem[]>();
  for (const item of previous.items) {
    const key = item.text.trim();
    const same = before.get(key);
    if (same) same.push(item);
    else before.set(key, [item]);
  }
  let added = 0;
  let completed = 0;
  const marks = current.items.map((item): PlanItemChange | undefined => {
    const earlier = before.get(item.text.trim())?.shift();
    if (earlier === undefined) {
      added += 1;
      return 'added';
    }
    if (item.status === 'completed' && earlier.status !== 'completed') {
      completed += 1;
      return 'completed';
    }
    return undefined;
  });
  const dropped = [...before.values()].reduce((sum, left) => sum + left.length, 0);
  return { marks, added, completed, dropped };
}

/** "2 added, 1 completed" — or undefined when nothing changed. */
export function planChangesText(changes: PlanChanges): string | undefined {
  const parts = [
    changes.added > 0 ? `${changes.added} added` : undefined,
    changes.completed > 0 ? `${changes.completed} completed` : undefined,
    changes.dropped > 0 ? `${changes.dropped} dropped` : undefined,
  ].filter((part) => part !== undefined);
  return parts.length === 0 ? undefined : parts.join(', ');
}

/** "3 of 5 done" for the card's header. */
export function planProgressText(items: readonly PlanItem[]): string {
  const done = items.filter((item) => item.status === 'completed').length;
  return items.length === 0 ? 'no steps' : `${done} of ${items.length} done`;
}
