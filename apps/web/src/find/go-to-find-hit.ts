import type { ClientState } from '../store/client-state';
import { findTargetElement } from './find-target';
import { markFindHit } from './mark-find-hit';
import type { FindHit } from './session-find-index';

/** Frames to wait for the hit's row to be scrolled to, mounted and drawn. */
const MAX_FRAMES = 90;
/** How long a mark is kept over a card still drawing (its colours replace the plain text it was marked on). */
const REMARK_MS = 3_000;

/**
 * Shows a hit: the timeline scrolls to its row (mounting it), a read card aims at the line,
 * a search card opens the group; once the element showing the text is on screen, the match is
 * marked and scrolled into view inside its card. Returns a cancel for a newer hit.
 */
export function goToFindHit(store: ClientState, hit: FindHit, pattern: RegExp, root: ParentNode = document): () => void {
  const where = hit.where;
  store.revealFound(hit.seq, {
    // A terminal line's (0-based) lets its card show the collapsed middle the hit is in.
    ...(where.part === 'read-line' || where.part === 'match-line' || where.part === 'terminal-line' ? { line: where.line } : {}),
    ...(where.part === 'match-line' || where.part === 'match-path' ? { file: where.file } : {}),
  });
  let frame = 0;
  let request = 0;
  let watcher: MutationObserver | undefined;
  let stopWatching = 0;
  const rowOf = () => root.querySelector(`.timeline__row[data-seq="${hit.seq}"]`) ?? root.querySelector(`[data-find-row="${hit.seq}"]`);
  const look = () => {
    const row = rowOf();
    const element = row && findTargetElement(row, where);
    if (element) {
      const range = markFindHit(element, pattern, hit.start);
      const shown = range?.startContainer.parentElement ?? element;
      shown.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      if (range && row) keepMarked(row, range);
      return;
    }
    frame += 1;
    if (frame < MAX_FRAMES) request = requestAnimationFrame(look);
  };
  // A card just mounted (a far card, a call opened in its fold) is marked on its plain text; its
  // colours then replace those text nodes and the range empties. Mark it again on what is drawn.
  const keepMarked = (row: Element, range: Range) => {
    if (typeof MutationObserver === 'undefined') return;
    watcher = new MutationObserver(() => {
      if (range.toString() !== '') return;
      const element = findTargetElement(row, where);
      const again = element && markFindHit(element, pattern, hit.start);
      if (again) range = again;
    });
    watcher.observe(row, { childList: true, subtree: true, characterData: true });
    stopWatching = window.setTimeout(() => watcher?.disconnect(), REMARK_MS);
  };
  request = requestAnimationFrame(look);
  return () => {
    cancelAnimationFrame(request);
    watcher?.disconnect();
    clearTimeout(stopWatching);
  };
}
