import type { FileLinesResponse, ReadFreshnessState, ReadResultView, SearchMatchesResultView } from '@toolcards/protocol';
import type { FileSource } from '../net/file-source';

/**
 * A file as it is "now" for the gallery's cards that look beyond their logged result
 * (growing a read, its freshness, a match's context), answered from memory the way the
 * session's lines and freshness routes answer.
 */

const PATH = 'src/config/defaults.ts';

/** Line N of the file as the agent read it. */
function lineText(number: number): string {
  if (number % 10 === 1) return `// ── section ${Math.ceil(number / 10)} ──`;
  return `export const option${number} = { name: 'option ${number}', enabled: ${number % 3 === 0} };`;
}

const TOTAL_LINES = 60;
const READ_STAT = { mtimeMs: 1_764_547_200_000, size: 4_100 };
const texts = Array.from({ length: TOTAL_LINES }, (_, index) => lineText(index + 1));

/** The agent's read: lines 20–29 of 60, with the file's fingerprint as the read tool records it. */
export const readNowView: ReadResultView = {
  card: 'read',
  path: PATH,
  offset: 20,
  lines: texts.slice(19, 29).map((text, index) => ({ number: 20 + index, text })),
  totalLines: TOTAL_LINES,
  lang: 'typescript',
  ...READ_STAT,
  windowHash: '0'.repeat(64),
};

/** Line 24 as it is after the edit in the "changed" file. */
export const EDITED_LINE_24 = "export const option24 = { name: 'option 24', enabled: false, deprecated: true };";

function source(lines: readonly string[], stat: typeof READ_STAT, freshness: ReadFreshnessState): FileSource {
  return {
    lines: async (path, offset, limit): Promise<FileLinesResponse> => {
      if (offset > lines.length) throw new Error(`Offset ${offset} is past the end of ${path}, which has ${lines.length} lines.`);
      return {
        path,
        offset,
        lines: lines.slice(offset - 1, offset - 1 + limit).map((text, index) => ({ number: offset + index, text })),
        totalLines: lines.length,
        lang: 'typescript',
        ...stat,
      };
    },
    freshness: async () => freshness,
    watch: () => () => undefined,
  };
}

export const fileSources = {
  /** The file is as the agent read it. */
  unchanged: source(texts, READ_STAT, 'unchanged'),
  /** Line 24 was edited after the read. */
  changedInside: source(
    texts.map((text, index) => (index === 23 ? EDITED_LINE_24 : text)),
    { mtimeMs: READ_STAT.mtimeMs + 60_000, size: READ_STAT.size + 20 },
    'changed-inside',
  ),
  /** The file was deleted after the read. */
  deleted: {
    lines: async (path) => Promise.reject(new Error(`File not found: ${path}`)),
    freshness: async () => 'deleted',
    watch: () => () => undefined,
  },
} satisfies Record<string, FileSource>;

/** A grep hit in that file, whose context the card can show. */
export const matchInFileNow: SearchMatchesResultView = {
  card: 'search',
  shape: 'matches',
  title: 'Grep option24',
  files: [{ path: PATH, matches: [{ lineNumber: 24, line: lineText(24), ranges: [[13, 21]] }] }],
  truncated: false,
  total: 1,
};

/** The file's text, for checks that compare what a card shows with the file. */
export const fileNowText = (number: number): string => lineText(number);
export const FILE_NOW_TOTAL_LINES = TOTAL_LINES;
