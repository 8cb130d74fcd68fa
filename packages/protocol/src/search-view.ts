import { z } from 'zod';
import { narrowWith } from './safe-narrowing';
import { inner, lazySchema } from './lazy-schema';

/**
 * The search card: grep's matches or glob's (and grep's files-only) paths. The view is the
 * meta plus `card` and `title`, derived from the one schema below, so the persisted meta and
 * the card cannot say different things.
 */

const lineNumber = z.number().int().min(1);
const count = z.number().int().min(0);

/** `[start, end)` in UTF-16 code units of the delivered `line`. */
export const matchRangeSchema = z.tuple([count, count]);

/** A line the search printed around a match (grep's -A/-B/-C), not a match itself. */
export const searchContextLineSchema = z.object({ lineNumber, line: z.string() });

export const searchLineMatchSchema = lazySchema(() =>
  z
    .object({
      lineNumber,
      line: z.string(),
      ranges: z.array(matchRangeSchema).optional(),
      /** The lines the search printed before and after this match, in line order (another agent's grep -C). */
      context: z.array(searchContextLineSchema).optional(),
    })
    .superRefine((match, ctx) => {
      for (const [index, { lineNumber: at }] of (match.context ?? []).entries()) {
        const previous = match.context?.[index - 1]?.lineNumber ?? 0;
        if (at === match.lineNumber || at <= previous) {
          ctx.addIssue({ code: 'custom', path: ['context', index], message: 'context lines are other lines than the match, in ascending order' });
          return;
        }
      }
      for (const [index, [start, end]] of (match.ranges ?? []).entries()) {
        if (start > end || end > match.line.length) {
          ctx.addIssue({ code: 'custom', path: ['ranges', index], message: 'range outside the line' });
          return;
        }
      }
    }),
);

export const searchFileMatchesSchema = lazySchema(() =>
  z.object({
    path: z.string().min(1),
    matches: z.array(inner(searchLineMatchSchema)).min(1),
  }),
);

const spillPath = z.string().min(1).optional();

export const searchMatchesMetaSchema = lazySchema(() =>
  z
    .object({
      shape: z.literal('matches'),
      files: z.array(inner(searchFileMatchesSchema)),
      /** The retained page is not the whole result. */
      truncated: z.boolean(),
      /** Every match the search found, before any cap. */
      total: count,
      /** Where the full, uncapped result was saved (a path the read tool can open). */
      spillPath,
    })
    .refine(
      (meta) => meta.files.reduce((sum, file) => sum + file.matches.length, 0) <= meta.total,
      'total is below the number of retained matches',
    ),
);

export const searchPathsMetaSchema = lazySchema(() =>
  z
    .object({
      shape: z.literal('paths'),
      paths: z.array(z.string().min(1)),
      truncated: z.boolean(),
      total: count,
      spillPath,
    })
    .refine((meta) => meta.paths.length <= meta.total, 'total is below the number of retained paths'),
);

export const searchMetaSchema = lazySchema(() => z.discriminatedUnion('shape', [inner(searchMatchesMetaSchema), inner(searchPathsMetaSchema)]));

export const searchResultViewSchema = lazySchema(() =>
  z
    .object({ card: z.literal('search'), title: z.string().optional() })
    .and(inner(searchMetaSchema)),
);

export type MatchRange = z.output<typeof matchRangeSchema>;
export type SearchLineMatch = z.output<typeof searchLineMatchSchema>;
export type SearchContextLine = z.output<typeof searchContextLineSchema>;
export type SearchFileMatches = z.output<typeof searchFileMatchesSchema>;
/** grep's and glob's persisted meta: the search card without card and title. */
export type SearchMeta = z.output<typeof searchMetaSchema>;
export type SearchResultView = z.output<typeof searchResultViewSchema>;
export type SearchMatchesResultView = Extract<SearchResultView, { shape: 'matches' }>;
export type SearchPathsResultView = Extract<SearchResultView, { shape: 'paths' }>;

/** A grep/glob result's persisted meta, or `undefined` when any field is malformed. Never throws. */
export function searchMetaFromMeta(meta: unknown): SearchMeta | undefined {
  return narrowWith(searchMetaSchema, meta);
}

/** The search card for a grep/glob meta; accepts zero results as a valid empty card. */
export function searchViewFromMeta(meta: unknown, title?: string): SearchResultView | undefined {
  const narrowed = searchMetaFromMeta(meta);
  if (!narrowed) return undefined;
  return { card: 'search', ...(title === undefined ? {} : { title }), ...narrowed };
}
