import type { DiffFile, DiffFileStatus } from '@toolcards/protocol';
import { countText, formatCount } from '../frame/count-text';
import type { ChangeCounts } from './diff-rows';
import type { DiffFreshness } from './diff-freshness';

/** A file's status as its badge says it. */
export const STATUS_TEXT: Record<DiffFileStatus, string> = {
  modified: 'modified',
  added: 'added',
  deleted: 'deleted',
  renamed: 'renamed',
};

export const FRESHNESS_TEXT: Record<DiffFreshness, string> = {
  applied: 'applied',
  'changed-since': 'changed since',
  'file-gone': 'file gone',
};

/** The freshness pill's tone (cards.css .tc-pill): plain while applied, a warning once changed, an error once gone. */
export const FRESHNESS_TONE: Record<DiffFreshness, '' | 'is-warning' | 'is-error'> = {
  applied: '',
  'changed-since': 'is-warning',
  'file-gone': 'is-error',
};

export const FRESHNESS_TITLE: Record<DiffFreshness, string> = {
  applied: 'The file still has what this edit left in it.',
  'changed-since': 'The file changed after this edit: some of its lines are different now.',
  'file-gone': 'The file is not there any more.',
};

/** "+12 −3" — the minus is U+2212, as the sign in the rows. */
export function countsText(counts: ChangeCounts): string {
  return `+${formatCount(counts.added)} −${formatCount(counts.removed)}`;
}

/** The spoken form of countsText. */
export function countsLabel(counts: ChangeCounts): string {
  return `${countText(counts.added, 'line added', 'lines added')}, ${countText(counts.removed, 'line removed', 'lines removed')}`;
}

/** The card's name: "Edit src/a.ts", "Edit 3 files", "Edit (no files)". */
export function diffCardLabel(files: readonly Pick<DiffFile, 'path'>[]): string {
  if (files.length === 1) return `Edit ${files[0]!.path}`;
  return files.length === 0 ? 'Edit (no files)' : `Edit ${countText(files.length, 'file', 'files')}`;
}

/** What a file with no hunks says: only its name changed, or nothing in its text did. */
export function noHunksText(file: Pick<DiffFile, 'status'>): string {
  switch (file.status) {
    case 'renamed':
      return 'Renamed; the text is the same.';
    case 'added':
      return 'An empty file.';
    case 'deleted':
      return 'An empty file, deleted.';
    case 'modified':
      return 'No change to the text.';
  }
}
