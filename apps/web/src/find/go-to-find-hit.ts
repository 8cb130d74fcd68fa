import type { ClientState } from '../store/client-state';
import { findTargetElement } from './find-target';
import { markFindHit } from './mark-find-hit';
import type { FindHit } from './session-find-index';

/** Frames to wait for the hit's row to be scrolled to, mounted and drawn. */
const MAX_FRAMES = 90;

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
  const look = () => {
    const row = root.querySelector(`.timeline__row[data-seq="${hit.seq}"]`) ?? root.querySelector(`[data-find-row="${hit.seq}"]`);
    const element = row && findTargetElement(row, where);
    if (element) {
      const range = markFindHit(element, pattern, hit.start);
      const shown = range?.startContainer.parentElement ?? element;
      shown.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      return;
    }
    frame += 1;
    if (frame < MAX_FRAMES) request = requestAnimationFrame(look);
  };
  request = requestAnimationFrame(look);
  return () => cancelAnimationFrame(request);
}
