import type { FindText } from './row-find-texts';

/**
 * The element that shows a hit's text inside its timeline row, once the row is on screen:
 * found by what the cards already mark (a read line's number, a search row's roving key,
 * a message's text block), so the cards need nothing added for the finder.
 */
export function findTargetElement(row: Element, where: FindText): Element | null {
  switch (where.part) {
    case 'read-line':
      return row.querySelector(`[data-line-number="${where.line}"]`)?.closest('.tc-read__row') ?? null;
    case 'match-path':
      return row.querySelector(`[data-roving-key="g${where.file}"]`);
    case 'match-line':
      return row.querySelector(`[data-roving-key="g${where.file}m${where.match}"]`);
    case 'found-path':
      return row.querySelector(`[data-roving-key="p${where.index}"]`);
    case 'terminal-line':
      return row.querySelector(`[data-terminal-line="${where.line}"]`);
    case 'diff-line':
      return row.querySelector(`[data-diff-line="${where.file}:${where.hunk}:${where.line}"]`);
    case 'plan-item':
      return row.querySelector(`[data-plan-item="${where.index}"]`);
    case 'text':
      return row.querySelector('.tl-user__text, .tl-assistant__text, .tc-generic__output, .tc-card__title, .tl-turn-end') ?? row;
  }
}
