/**
 * The complete results behind the capped search fixtures, served from memory the way the
 * session's full-result route pages a spill file: for the Storybook gallery and its checks.
 * Deterministic: every outline and page is computed from the index asked for.
 */
import type { FullResultOutline, FullResultPage } from '@toolcards/protocol';
import { searchMatchesFixtures, searchPathsFixtures } from './card-fixtures';
import type { FullResultSource } from '../net/full-result-source';

export interface FullMatch {
  lineNumber: number;
  line: string;
}

export interface FullMatchesFile {
  path: string;
  matches: readonly FullMatch[];
}

// ── Matches ────────────────────────────────────────────────────────────────

/** The capped view's 100 files (250 matches, in the same order), then 53 more files of 18 matches each. */
const fullMatchesFiles: readonly FullMatchesFile[] = [
  ...searchMatchesFixtures.truncated.files.map((file) => ({
    path: file.path,
    matches: file.matches.map(({ lineNumber, line }) => ({ lineNumber, line })),
  })),
  ...Array.from({ length: 53 }, (_, file) => ({
    path: `packages/plugin-${String(file).padStart(2, '0')}/src/dispatch.ts`,
    matches: Array.from({ length: 18 }, (_, index) => ({
      lineNumber: 5 + index * 11,
      line: `    await dispatch(event, handlers[${index}]);`,
    })),
  })),
];

// ── Paths ──────────────────────────────────────────────────────────────────

/** The capped glob's paths are the first 100 of these. */
const fullPathAt = (index: number) => `assets/images/photo-${String(index).padStart(4, '0')}.jpg`;

export const fullResultFixtures = {
  /** searchMatchesFixtures.truncated in full: 1,204 matches in 153 files. */
  matches: {
    total: fullMatchesFiles.reduce((sum, file) => sum + file.matches.length, 0),
    files: fullMatchesFiles,
  },
  /** searchPathsFixtures.truncated in full: 5,000 paths. */
  paths: {
    total: searchPathsFixtures.truncated.total,
    pathAt: fullPathAt,
  },
} as const;

/** A source over `fullResultFixtures.matches`: the outline, then one file's matches a page at a time. */
function matchesSource(callId: string): FullResultSource {
  const { total, files } = fullResultFixtures.matches;
  return {
    outline: async (): Promise<FullResultOutline> => ({
      shape: 'matches',
      callId,
      total,
      files: files.map((file) => ({ path: file.path, matches: file.matches.length })),
    }),
    page: async ({ file, offset, limit }): Promise<FullResultPage> => {
      const entry = file === undefined ? undefined : files[file];
      if (file === undefined || entry === undefined) throw new Error(`no file ${String(file)} in the full result`);
      return { shape: 'matches', file, offset, matches: entry.matches.slice(offset, offset + limit) };
    },
  };
}

/** A source over `fullResultFixtures.paths`: its count, then paths a page at a time. */
function pathsSource(callId: string): FullResultSource {
  const { total, pathAt } = fullResultFixtures.paths;
  return {
    outline: async (): Promise<FullResultOutline> => ({ shape: 'paths', callId, total }),
    page: async ({ offset, limit }): Promise<FullResultPage> => ({
      shape: 'paths',
      offset,
      paths: Array.from({ length: Math.max(0, Math.min(total, offset + limit) - offset) }, (_, index) => pathAt(offset + index)),
    }),
  };
}

/** What a capped card's `fullResult` reads from, for each capped search fixture. */
export const fullResultSources = {
  matches: matchesSource('call-grep-2f9c1e'),
  paths: pathsSource('call-glob-a41d07'),
} satisfies Record<string, FullResultSource>;
