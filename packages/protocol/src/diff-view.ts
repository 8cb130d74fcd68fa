import { z } from 'zod';
import { narrowWith } from './safe-narrowing';
import { inner, lazySchema } from './lazy-schema';

/**
 * The diff card: the files an edit changed, as unified-diff hunks (Claude Code's
 * Write/Edit/MultiEdit, Codex's apply_patch, through their importers). The view is the meta
 * plus `card` and `title`, derived from the one schema below.
 *
 * A hunk's lines are prefixed `' '` (context), `'-'` (old only) or `'+'` (new only), and may
 * hold the marker line `\ No newline at end of file` (any line starting with `\`) right after
 * the line it is about; a marker counts on neither side. A hunk whose counts disagree with its
 * lines is refused: it cannot be drawn right. Lines are kept whole; a card cuts a huge line
 * when it draws it, with a mark.
 */

const count = z.number().int().min(0);

export const diffFileStatusSchema = z.enum(['modified', 'added', 'deleted', 'renamed']);

/** The first character of a hunk line: what it is. */
export type DiffLineKind = 'context' | 'removed' | 'added' | 'no-newline-marker';

/** What a hunk line is, or `undefined` for a line with no valid prefix. */
export function diffLineKind(line: string): DiffLineKind | undefined {
  switch (line[0]) {
    case ' ':
      return 'context';
    case '-':
      return 'removed';
    case '+':
      return 'added';
    case '\\':
      return 'no-newline-marker';
    default:
      return undefined;
  }
}

export const diffHunkSchema = lazySchema(() =>
  z
    .object({
      /** 1-based first old line; the line before the hunk (0 at the top) when `oldLines` is 0. */
      oldStart: count,
      oldLines: count,
      newStart: count,
      newLines: count,
      lines: z.array(z.string()).min(1),
    })
    .superRefine((hunk, ctx) => {
      let oldSeen = 0;
      let newSeen = 0;
      for (const [index, line] of hunk.lines.entries()) {
        const kind = diffLineKind(line);
        if (kind === undefined) {
          ctx.addIssue({ code: 'custom', path: ['lines', index], message: "line is not prefixed ' ', '-', '+' or '\\'" });
          return;
        }
        if (kind === 'no-newline-marker') {
          if (index === 0 || diffLineKind(hunk.lines[index - 1]!) === 'no-newline-marker') {
            ctx.addIssue({ code: 'custom', path: ['lines', index], message: 'a no-newline marker must follow a line' });
            return;
          }
          continue;
        }
        if (kind !== 'added') oldSeen += 1;
        if (kind !== 'removed') newSeen += 1;
      }
      if (oldSeen !== hunk.oldLines || newSeen !== hunk.newLines) {
        ctx.addIssue({
          code: 'custom',
          path: ['lines'],
          message: `counts -${hunk.oldLines} +${hunk.newLines} disagree with the lines (-${oldSeen} +${newSeen})`,
        });
        return;
      }
      if ((hunk.oldLines > 0 && hunk.oldStart === 0) || (hunk.newLines > 0 && hunk.newStart === 0)) {
        ctx.addIssue({ code: 'custom', path: ['oldStart'], message: 'a hunk with lines starts at line 1 or later' });
      }
    }),
);

/** The first line a side of a hunk covers, and the line after it (`[start, end)`, 1-based). */
function sideSpan(start: number, lines: number): [number, number] {
  const first = lines === 0 ? start + 1 : start;
  return [first, first + lines];
}

export const diffFileSchema = lazySchema(() =>
  z
    .object({
      /** The file's path now (for a deleted file: its path before). */
      path: z.string().min(1),
      /** The path before a rename; only a renamed file has one. */
      oldPath: z.string().min(1).optional(),
      status: diffFileStatusSchema,
      /** Shiki language id; absent → plain text. */
      lang: z.string().min(1).optional(),
      /** In file order, not overlapping; empty when only the name changed (or nothing did). */
      hunks: z.array(inner(diffHunkSchema)),
    })
    .superRefine((file, ctx) => {
      if (file.status === 'renamed' ? file.oldPath === undefined || file.oldPath === file.path : file.oldPath !== undefined) {
        ctx.addIssue({ code: 'custom', path: ['oldPath'], message: 'a renamed file, and only one, has an oldPath other than its path' });
        return;
      }
      let oldEnd = 1;
      let newEnd = 1;
      for (const [index, hunk] of file.hunks.entries()) {
        if ((file.status === 'added' && hunk.oldLines > 0) || (file.status === 'deleted' && hunk.newLines > 0)) {
          ctx.addIssue({ code: 'custom', path: ['hunks', index], message: `an ${file.status} file's hunk has lines on the other side` });
          return;
        }
        const [oldFirst, oldAfter] = sideSpan(hunk.oldStart, hunk.oldLines);
        const [newFirst, newAfter] = sideSpan(hunk.newStart, hunk.newLines);
        if (oldFirst < oldEnd || newFirst < newEnd) {
          ctx.addIssue({ code: 'custom', path: ['hunks', index], message: 'hunks overlap or are out of order' });
          return;
        }
        oldEnd = oldAfter;
        newEnd = newAfter;
      }
    }),
);

export const diffMetaSchema = lazySchema(() =>
  z.object({
    /** Empty when the edit changed nothing. */
    files: z.array(inner(diffFileSchema)),
  }),
);

export const diffResultViewSchema = lazySchema(() =>
  z
    .object({ card: z.literal('diff'), title: z.string().optional() })
    .and(inner(diffMetaSchema)),
);

export type DiffFileStatus = z.output<typeof diffFileStatusSchema>;
export type DiffHunk = z.output<typeof diffHunkSchema>;
export type DiffFile = z.output<typeof diffFileSchema>;
export type DiffMeta = z.output<typeof diffMetaSchema>;
export type DiffResultView = z.output<typeof diffResultViewSchema>;

/** An edit result's persisted meta, or `undefined` when any file or hunk is malformed. Never throws. */
export function diffMetaFromMeta(meta: unknown): DiffMeta | undefined {
  return narrowWith(diffMetaSchema, meta);
}

/** The diff card for an edit result's meta. */
export function diffViewFromMeta(meta: unknown, title?: string): DiffResultView | undefined {
  const narrowed = diffMetaFromMeta(meta);
  if (!narrowed) return undefined;
  return { card: 'diff', ...(title === undefined ? {} : { title }), ...narrowed };
}
