import type { SpillOutcome } from '../lazy-spill';
import { pathAsText } from '../path-text';
import type { GlobRetention } from './glob-retain';

/**
 * One path of the model's text and of the spill file, with its newline: written by
 * `pathAsText`, so a name holding a newline stays one line.
 */
export function globPathLine(path: string): string {
  return `${pathAsText(path)}\n`;
}

/** The glob tool's model text: one path per line, and a footer when the cap dropped paths. */
export function renderGlobText(retention: GlobRetention, spill: SpillOutcome, notes: readonly string[] = []): string {
  const { paths, total, truncated } = retention;
  const parts = [total === 0 ? 'No files found' : paths.map(pathAsText).join('\n')];
  if (truncated) parts.push(capFooter(paths.length, total, spill));
  if (notes.length > 0) parts.push(notes.join('\n'));
  return parts.join('\n\n');
}

function capFooter(shown: number, total: number, spill: SpillOutcome): string {
  const showing = `(Showing the first ${shown} of ${total} files.`;
  switch (spill.kind) {
    case 'saved':
      return `${showing} The full list is saved in ${spill.path}: read it with the read tool, or narrow the pattern or path.)`;
    case 'unsaved':
    case 'not-needed':
      return `${showing} The full list could not be saved; narrow the pattern or path to see the rest.)`;
  }
}
