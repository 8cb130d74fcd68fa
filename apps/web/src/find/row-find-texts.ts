import { assertNever } from '@toolcards/protocol';
import { terminalLines } from '../cards/terminal/terminal-lines';
import { callViewOf, resultViewOf } from '../timeline/row-views';
import type { TimelineRow } from '../model/timeline-row';

/**
 * One piece of text a card shows, and where in the card it is: a read line (by its line
 * number), a search file's path or one of its matches, a found path, a terminal line, a diff
 * line, a plan item, a message.
 */
export type FindText =
  | { part: 'read-line'; line: number; text: string }
  | { part: 'match-path'; file: number; text: string }
  | { part: 'match-line'; file: number; match: number; line: number; text: string }
  | { part: 'found-path'; index: number; text: string }
  /** A line of a terminal card's output as it shows it (escapes dropped), 0-based; stderr's lines follow stdout's. */
  | { part: 'terminal-line'; line: number; text: string }
  /** A diff card's hunk line, its prefix dropped: by file, hunk and line index in the hunk. */
  | { part: 'diff-line'; file: number; hunk: number; line: number; text: string }
  | { part: 'plan-item'; index: number; text: string }
  | { part: 'text'; text: string };

/**
 * Every text a row's card shows, collapsed groups and unmounted rows included, in the
 * order the card shows them. Pure: the same row gives the same texts.
 */
export function rowFindTexts(row: TimelineRow): FindText[] {
  switch (row.kind) {
    case 'user-message':
    case 'assistant-message':
      return [{ part: 'text', text: row.text }];
    case 'turn-end':
      return row.error === undefined ? [] : [{ part: 'text', text: row.error }];
    case 'tool': {
      if (!row.result) return row.call ? [{ part: 'text', text: callViewOf(row.call).title }] : [];
      const view = resultViewOf(row.result, row.call);
      const title: FindText[] = view.title === undefined ? [] : [{ part: 'text', text: view.title }];
      switch (view.card) {
        case 'read':
          return [...title, ...view.lines.map((line): FindText => ({ part: 'read-line', line: line.number, text: line.text }))];
        case 'search':
          if (view.shape === 'paths') return [...title, ...view.paths.map((text, index): FindText => ({ part: 'found-path', index, text }))];
          return [
            ...title,
            ...view.files.flatMap((file, index): FindText[] => [
              { part: 'match-path', file: index, text: file.path },
              ...file.matches.map((match, matchIndex): FindText => ({ part: 'match-line', file: index, match: matchIndex, line: match.lineNumber, text: match.line })),
            ]),
          ];
        case 'terminal': {
          const lines = [...terminalLines(view.output), ...terminalLines(view.stderr ?? '')];
          return [
            ...title,
            { part: 'text', text: view.command },
            ...lines.map((line, index): FindText => ({ part: 'terminal-line', line: index, text: line.text })),
          ];
        }
        case 'diff':
          return [
            ...title,
            ...view.files.flatMap((file, fileIndex): FindText[] => [
              { part: 'text', text: file.path },
              ...file.hunks.flatMap((hunk, hunkIndex) =>
                hunk.lines.map((line, lineIndex): FindText => ({ part: 'diff-line', file: fileIndex, hunk: hunkIndex, line: lineIndex, text: line.slice(1) })),
              ),
            ]),
          ];
        case 'plan':
          return [
            ...title,
            ...(view.explanation === undefined ? [] : [{ part: 'text' as const, text: view.explanation }]),
            ...view.items.map((item, index): FindText => ({ part: 'plan-item', index, text: item.text })),
          ];
        case 'generic':
          return view.content === undefined ? title : [...title, { part: 'text', text: view.content }];
        default:
          return assertNever(view, 'result card');
      }
    }
    default:
      return assertNever(row, 'timeline row');
  }
}
