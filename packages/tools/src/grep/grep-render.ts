import type { SpillOutcome } from '../lazy-spill';
import { pathAsText } from '../path-text';
import type { GrepRetention } from './grep-retain';

/**
 * The grep tool's model text: a count line, per-file groups (`path:` then
 * `  Line N: text`), and a footer when the cap dropped matches. The spill file
 * holds the same groups, read back by the server's spill outline.
 */

/** `path:`, the path written by `pathAsText`: a name holding a newline cannot start a row of its own. */
export function grepFileHeader(path: string): string {
  return `${pathAsText(path)}:`;
}

export function grepMatchLine(lineNumber: number, line: string): string {
  return `  Line ${lineNumber}: ${line}`;
}

/** `spill` paths are already shown as the workspace shows paths. */
export function renderGrepText(retention: GrepRetention, spill: SpillOutcome, notes: readonly string[] = []): string {
  const { files, shown, total, truncated } = retention;
  if (total === 0) return withNotes('No matches found', notes);
  const count = truncated ? `Found ${shown} of ${total} matches` : `Found ${total} ${total === 1 ? 'match' : 'matches'}`;
  const groups = files.map((file) =>
    [grepFileHeader(file.path), ...file.matches.map((match) => grepMatchLine(match.lineNumber, match.line))].join('\n'),
  );
  const parts = [`${count}\n${groups.join('\n\n')}`];
  if (truncated) parts.push(capFooter(shown, total, spill));
  return withNotes(parts.join('\n\n'), notes);
}

function capFooter(shown: number, total: number, spill: SpillOutcome): string {
  const showing = `(Showing the first ${shown} of ${total} matches.`;
  switch (spill.kind) {
    case 'saved':
      return `${showing} The full list is saved in ${spill.path}: read it with the read tool, or narrow the pattern, path or include glob.)`;
    case 'unsaved':
    case 'not-needed':
      return `${showing} The full result could not be saved; narrow the pattern, path or include glob to see the rest.)`;
  }
}

function withNotes(text: string, notes: readonly string[]): string {
  return notes.length === 0 ? text : `${text}\n\n${notes.join('\n')}`;
}
