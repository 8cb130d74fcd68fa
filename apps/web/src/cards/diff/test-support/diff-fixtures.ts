import type { DiffFile, DiffHunk, DiffResultView, FileLinesResponse } from '@toolcards/protocol';
import type { FileSource } from '../../../net/file-source';

/**
 * Diff card states for the gallery, the component tests and the e2e checks: each edit as
 * an agent's Edit / Write / apply_patch result arrives, counts agreeing with the lines.
 */

/** A hunk whose counts are taken from its lines (fixtures never disagree with themselves). */
export function hunkOf(oldStart: number, newStart: number, lines: string[]): DiffHunk {
  const oldLines = lines.filter((line) => line[0] === ' ' || line[0] === '-').length;
  const newLines = lines.filter((line) => line[0] === ' ' || line[0] === '+').length;
  return { oldStart: oldLines === 0 ? oldStart - 1 : oldStart, oldLines, newStart: newLines === 0 ? newStart - 1 : newStart, newLines, lines };
}

/** The file the modified story edits, as it is after the edit (60 lines). */
export const PRICING_PATH = 'src/billing/pricing.ts';
export const pricingNow: readonly string[] = Array.from({ length: 60 }, (_, index) => {
  const number = index + 1;
  if (number === 12) return 'export function total(price: number, quantity: number): number {';
  if (number === 13) return '  return price * quantity;';
  if (number === 40) return "export const CURRENCY = 'EUR';";
  return `export const rate${number} = ${number} / 100; // line ${number}`;
});
const pricingLine = (number: number) => pricingNow[number - 1]!;

/** Two hunks: a renamed parameter (word marks), and a changed constant far below (a gap between). */
export const modifiedFile: DiffFile = {
  path: PRICING_PATH,
  status: 'modified',
  lang: 'typescript',
  hunks: [
    hunkOf(9, 9, [
      ` ${pricingLine(9)}`,
      ` ${pricingLine(10)}`,
      ` ${pricingLine(11)}`,
      '-export function total(price: number, count: number): number {',
      '-  return price * count;',
      `+${pricingLine(12)}`,
      `+${pricingLine(13)}`,
      ` ${pricingLine(14)}`,
      ` ${pricingLine(15)}`,
      ` ${pricingLine(16)}`,
    ]),
    hunkOf(37, 37, [` ${pricingLine(37)}`, ` ${pricingLine(38)}`, ` ${pricingLine(39)}`, "-export const CURRENCY = 'USD';", `+${pricingLine(40)}`, ` ${pricingLine(41)}`]),
  ],
};
export const modifiedView: DiffResultView = { card: 'diff', title: `Edit ${PRICING_PATH}`, files: [modifiedFile] };

export const addedView: DiffResultView = {
  card: 'diff',
  title: 'Write src/billing/refund.ts',
  files: [
    {
      path: 'src/billing/refund.ts',
      status: 'added',
      lang: 'typescript',
      hunks: [hunkOf(1, 1, ['+import { total } from "./pricing";', '+', '+export function refund(price: number): number {', '+  return -total(price, 1);', '+}'])],
    },
  ],
};

export const deletedView: DiffResultView = {
  card: 'diff',
  title: 'Delete src/legacy/tax.py',
  files: [{ path: 'src/legacy/tax.py', status: 'deleted', lang: 'python', hunks: [hunkOf(1, 1, ['-def tax(amount):', '-    return amount * 0.2', '-'])] }],
};

export const renamedView: DiffResultView = {
  card: 'diff',
  title: 'apply_patch',
  files: [
    { path: 'src/billing/money.ts', oldPath: 'src/billing/currency.ts', status: 'renamed', lang: 'typescript', hunks: [] },
    {
      path: 'src/billing/index.ts',
      status: 'modified',
      lang: 'typescript',
      hunks: [hunkOf(1, 1, ["-export * from './currency';", "+export * from './money';", " export * from './pricing';"])],
    },
  ],
};

/** One hunk of 5,000 lines: a generated file rewritten (every other line changed). */
export const HUGE_HUNK_LINES = 5_000;
export const hugeHunkView: DiffResultView = {
  card: 'diff',
  title: 'Edit src/generated/table.ts',
  files: [
    {
      path: 'src/generated/table.ts',
      status: 'modified',
      lang: 'typescript',
      hunks: [
        hunkOf(
          1,
          1,
          Array.from({ length: HUGE_HUNK_LINES }, (_, index) =>
            index % 2 === 0 ? `-export const row${index} = ${index};` : `+export const row${index - 1} = ${index - 1} * 2;`,
          ),
        ),
      ],
    },
  ],
};

export const noHunksView: DiffResultView = { card: 'diff', title: 'Edit README.md', files: [{ path: 'README.md', status: 'modified', lang: 'markdown', hunks: [] }] };

/** The pricing file as it is now (after the edit), answered as the session's lines route does. */
export function pricingSource(lines: readonly string[] = pricingNow): FileSource {
  return {
    lines: async (path, offset, limit): Promise<FileLinesResponse> => {
      if (path !== PRICING_PATH) throw new Error(`File not found: ${path}`);
      if (offset > lines.length) throw new Error(`Offset ${offset} is past the end of ${path}, which has ${lines.length} lines.`);
      return {
        path,
        offset,
        lines: lines.slice(offset - 1, offset - 1 + limit).map((text, index) => ({ number: offset + index, text })),
        totalLines: lines.length,
        lang: 'typescript',
        mtimeMs: 1_764_547_200_000,
        size: 2_400,
      };
    },
    freshness: async () => 'unchanged',
    watch: () => () => undefined,
  };
}
