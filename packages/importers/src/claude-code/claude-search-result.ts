import type { SearchMeta } from '@toolcards/protocol';

type SearchMatchesMeta = Extract<SearchMeta, { shape: 'matches' }>;
type SearchPathsMeta = Extract<SearchMeta, { shape: 'paths' }>;
import { arrayField, asFields, booleanField, numberField, stringArray, stringField } from '../json-fields';
import { displayPath } from './claude-paths';

/**
 * Claude Code's Grep and Glob results as OUR search meta: Grep's content mode as matches
 * (`path:line:text`; its context lines `path-line-text` are not matches and our meta has no place
 * for them, so they are left out and counted), files_with_matches and Glob as paths.
 */

export interface GrepMatchesOutcome {
  meta: SearchMatchesMeta;
  /** Context lines (-A/-B/-C) the meta cannot carry. */
  contextLines: number;
}

export interface GrepOptions {
  pattern: string;
  caseInsensitive: boolean;
  /** The tool's `path` input as shown (a single file's matches come without a path). */
  searchPath: string | undefined;
  cwd: string | undefined;
}

const MATCH_LINE = /^(.+?):(\d+):(.*)$/;
const CONTEXT_LINE = /^(.+?)-(\d+)-(.*)$/;
const PATHLESS_LINE = /^(\d+)([:-])(.*)$/;

/** The content-mode output, or undefined when a line is not `path:line:text` (say, without -n). */
export function grepMatchesOf(toolUseResult: unknown, resultText: string, options: GrepOptions): GrepMatchesOutcome | undefined {
  const result = asFields(toolUseResult);
  const output = stringField(result, 'content') ?? resultText.replace(/\n\n\[Showing results with pagination[^\n]*\]$/, '');
  const rows = output === '' || output === 'No matches found' ? [] : output.split('\n').filter((row) => row !== '--');
  const pathless = options.searchPath !== undefined && rows.length > 0 && rows.every((row) => PATHLESS_LINE.test(row));
  const files = new Map<string, { lineNumber: number; line: string; ranges?: [number, number][] }[]>();
  const finder = matchFinder(options.pattern, options.caseInsensitive);
  let contextLines = 0;
  let total = 0;
  for (const row of rows) {
    let path: string;
    let lineNumber: number;
    let line: string;
    if (pathless) {
      const [, number, separator, text] = PATHLESS_LINE.exec(row)!;
      if (separator === '-') {
        contextLines += 1;
        continue;
      }
      path = options.searchPath!;
      lineNumber = Number(number);
      line = text!;
    } else {
      const match = MATCH_LINE.exec(row);
      if (match === null) {
        if (CONTEXT_LINE.test(row)) {
          contextLines += 1;
          continue;
        }
        return undefined;
      }
      path = displayPath(match[1]!, options.cwd);
      lineNumber = Number(match[2]);
      line = match[3]!;
    }
    if (lineNumber < 1) return undefined;
    const ranges = finder(line);
    const matches = files.get(path) ?? [];
    matches.push(ranges.length === 0 ? { lineNumber, line } : { lineNumber, line, ranges });
    files.set(path, matches);
    total += 1;
  }
  const truncated = numberField(result, 'appliedLimit') !== undefined;
  return {
    meta: { shape: 'matches', files: [...files].map(([path, matches]) => ({ path, matches })), truncated, total },
    contextLines,
  };
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

/**
 * Where the pattern matched in a line, for the card's highlights. ripgrep's Rust regex and
 * JavaScript's agree on the common syntax; a pattern JavaScript refuses gives no ranges.
 */
function matchFinder(pattern: string, caseInsensitive: boolean): (line: string) => [number, number][] {
  let regex: RegExp;
  try {
    regex = new RegExp(pattern, caseInsensitive ? 'gi' : 'g');
  } catch {
    return () => [];
  }
  return (line) => {
    const ranges: [number, number][] = [];
    regex.lastIndex = 0;
    for (let match = regex.exec(line); match !== null && ranges.length < 100; match = regex.exec(line)) {
      if (match[0] === '') {
        regex.lastIndex += 1;
        continue;
      }
      ranges.push([match.index, match.index + match[0].length]);
    }
    return ranges;
  };
}
