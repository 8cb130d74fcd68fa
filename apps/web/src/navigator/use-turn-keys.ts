import { useEffect, useRef } from 'react';
import { turnForKey } from './outline-keys';
import type { SessionMap } from './use-session-map';

/**
 * `j` / `k` anywhere on the page but in a text field: the next or previous turn at the top of
 * the timeline. Not with a modifier (the browser's and the find bar's shortcuts), not while
 * typing, not when a control already used the key.
 */
export function useTurnKeys(map: SessionMap, enabled = true): void {
  const mapRef = useRef(map);
  mapRef.current = map;
  // The turn the last key went to, until the view shows it: a quick second press goes on from
  // there, not from the turn the rows on screen still say (they are told after the scroll lands).
  const lastJump = useRef<{ turn: number; at: number } | null>(null);
  if (lastJump.current !== null && map.currentTurn === lastJump.current.turn) lastJump.current = null;
  useEffect(() => {
    if (!enabled) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
      if (event.key !== 'j' && event.key !== 'k') return;
      if (isTyping(event.target)) return;
      const { outline, currentTurn, atTurnStart, goToRow } = mapRef.current;
      const pending = lastJump.current !== null && performance.now() - lastJump.current.at < PENDING_JUMP_MS ? lastJump.current : null;
      const turn = pending ? turnForKey(event.key, pending.turn, outline.turns.length, true) : turnForKey(event.key, currentTurn, outline.turns.length, atTurnStart);
      if (turn === undefined) return;
      event.preventDefault();
      lastJump.current = { turn, at: performance.now() };
      goToRow(outline.turns[turn]!.firstRow);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}

/** A jump's scroll lands and is told well within this; later, the rows on screen are the truth again. */
const PENDING_JUMP_MS = 1000;

/** A place where the key is text: the composer, an input, an editable region. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  const type = (target as HTMLInputElement).type;
  return !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file', 'image'].includes(type);
}
