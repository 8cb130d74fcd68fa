import { z } from 'zod';
import { inner, lazySchema } from './lazy-schema';

/**
 * What coverage needs of a logged result's meta: which file, which line numbers, which
 * paths — never the text. The model read the result whatever its card can draw, so this
 * asks less than the cards' narrowing (readMetaFromMeta, searchMetaFromMeta), and skips
 * validating every line's text, the bulk of a long log (about 5x less work on a
 * 3,000-call log). Unknown keys are ignored; a shape that is none of these is no touch.
 */
const lineNumber = z.number().int().min(1);

const readCoverageSchema = lazySchema(() =>
  z.object({
    path: z.string().min(1),
    totalLines: z.number().int().min(0),
    lines: z.array(z.object({ number: lineNumber })),
  }),
);

const matchesCoverageSchema = lazySchema(() =>
  z.object({
    shape: z.literal('matches'),
    truncated: z.boolean(),
    files: z.array(z.object({ path: z.string().min(1), matches: z.array(z.object({ lineNumber })).min(1) })),
  }),
);

const pathsCoverageSchema = lazySchema(() =>
  z.object({
    shape: z.literal('paths'),
    truncated: z.boolean(),
    paths: z.array(z.string().min(1)),
  }),
);

const searchCoverageSchema = lazySchema(() => z.discriminatedUnion('shape', [inner(matchesCoverageSchema), inner(pathsCoverageSchema)]));

export type CoverageMeta =
  | ({ shape: 'read' } & z.infer<typeof readCoverageSchema>)
  | z.infer<typeof matchesCoverageSchema>
  | z.infer<typeof pathsCoverageSchema>;

/** A logged result's meta as read coverage sees it, or undefined (an unknown or malformed meta). Never throws. */
export function coverageMetaFromMeta(meta: unknown): CoverageMeta | undefined {
  try {
    if (typeof meta !== 'object' || meta === null || Array.isArray(meta)) return undefined;
    if ('shape' in meta) {
      const search = searchCoverageSchema.safeParse(meta);
      return search.success ? search.data : undefined;
    }
    const read = readCoverageSchema.safeParse(meta);
    return read.success ? { shape: 'read', ...read.data } : undefined;
  } catch {
    // A hostile value (a throwing getter) is as malformed as any other.
    return undefined;
  }
}
