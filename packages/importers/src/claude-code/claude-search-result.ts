import type { SearchMeta } from '@toolcards/protocol';
import { arrayField, asFields, booleanField, numberField, stringArray, stringField } from '../json-fields';
import { displayPath } from '../shared/display-path';
import { grepOutputMatches, type GrepMatchesOutcome, type GrepOptions } from '../shared/grep-output';

type SearchPathsMeta = Extract<SearchMeta, { shape: 'paths' }>;

/**
 * Claude Code's Grep and Glob results as OUR search meta: Grep's content mode as matches
 * (`path:line:text`; its context lines `path-line-text` ride beside the match they were printed
 * around, not as matches), files_with_matches and Glob as paths.
 */

/** Grep's content mode: `content` (else the result text without its pagination note) as matches; undefined when a line is not `path:line:text` (say, without -n). */
export function grepMatchesOf(toolUseResult: unknown, resultText: string, options: GrepOptions): GrepMatchesOutcome | undefined {
  const result = asFields(toolUseResult);
  const output = stringField(result, 'content') ?? resultText.replace(/\n\n\[Showing results with pagination[^\n]*\]$/, '');
  const outcome = grepOutputMatches(output === 'No matches found' ? '' : output, options);
  if (outcome === undefined) return undefined;
  return { ...outcome, meta: { ...outcome.meta, truncated: numberField(result, 'appliedLimit') !== undefined } };
}

/** files_with_matches: `filenames`, else the text after `Found N files`. */
export function grepPathsOf(toolUseResult: unknown, resultText: string, cwd: string | undefined): SearchPathsMeta | undefined {
  const result = asFields(toolUseResult);
  const listed = stringArray(arrayField(result, 'filenames'));
  const paths = listed ?? pathsFromText(resultText.replace(/^Found \d+ files?(?: limit: \d+(?:, offset: \d+)?)?\n?/, ''));
  if (paths === undefined) return undefined;
  const shown = paths.map((path) => displayPath(path, cwd));
  const numFiles = numberField(result, 'numFiles');
  const total = Math.max(shown.length, numFiles ?? 0);
  const truncated = numberField(result, 'appliedLimit') !== undefined || total > shown.length;
  return { shape: 'paths', paths: shown, truncated, total };
}

/** Glob: `filenames` and `truncated`, else one path a line (or `No files found`). */
export function globPathsOf(toolUseResult: unknown, resultText: string, cwd: string | undefined): SearchPathsMeta | undefined {
  const result = asFields(toolUseResult);
  const listed = stringArray(arrayField(result, 'filenames'));
  const truncatedNote = /\n?\(Results are truncated[^\n]*\)$/;
  const paths = listed ?? pathsFromText(resultText.replace(truncatedNote, ''));
  if (paths === undefined) return undefined;
  const shown = paths.map((path) => displayPath(path, cwd));
  const total = Math.max(shown.length, numberField(result, 'totalMatches') ?? numberField(result, 'numFiles') ?? 0);
  const truncated = booleanField(result, 'truncated') ?? truncatedNote.test(resultText);
  return { shape: 'paths', paths: shown, truncated: truncated || total > shown.length, total };
}

function pathsFromText(text: string): string[] | undefined {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed === 'No files found' || trimmed === 'No matches found') return [];
  const rows = trimmed.split('\n');
  return rows.every((row) => row.trim() !== '') ? rows : undefined;
}
