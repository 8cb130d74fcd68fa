import { z } from 'zod';
import { narrowWith } from './safe-narrowing';
import { inner, lazySchema } from './lazy-schema';

/**
 * The terminal card: a shell command a coding agent ran and what it printed. Our own tools
 * never produce it (they stay read-only); another agent's shell calls do, through its importer.
 * The view is the meta plus `card` and `title`, derived from the one schema below.
 */

export const terminalMetaSchema = lazySchema(() =>
  z.object({
    /** The command line as the agent gave it (one string; an argv is joined by the importer). */
    command: z.string().min(1),
    /** Where it ran, when known. */
    cwd: z.string().min(1).optional(),
    /** The exit status; `null` when the process was killed or the status is unknown. */
    exitCode: z.number().int().nullable(),
    /** The signal that ended it (`SIGTERM`, `SIGKILL`, …): the card says "killed". */
    signal: z.string().min(1).optional(),
    durationMs: z.number().min(0).optional(),
    /**
     * What the agent saw, ANSI escapes kept (the card renders SGR and drops the rest). When
     * `stderr` is present this is stdout alone. Kept whole, however long a line: the card cuts a
     * huge line when it draws it (at 2,000 characters, with a mark), and copies it whole.
     */
    output: z.string(),
    /** stderr, when it was captured apart from `output`. */
    stderr: z.string().optional(),
    /** `output` is not all the command printed. */
    truncated: z.boolean(),
    /** Where the full output was saved (the same field the search meta uses). */
    spillPath: z.string().min(1).optional(),
    /** The person or the agent stopped it before it ended. */
    interrupted: z.boolean().optional(),
    /** The background shell that runs it, for a command left running. */
    shellId: z.string().min(1).optional(),
  }),
);

export const terminalResultViewSchema = lazySchema(() =>
  z
    .object({ card: z.literal('terminal'), title: z.string().optional() })
    .and(inner(terminalMetaSchema)),
);

export type TerminalMeta = z.output<typeof terminalMetaSchema>;
export type TerminalResultView = z.output<typeof terminalResultViewSchema>;

/** A shell result's persisted meta, or `undefined` when any field is malformed. Never throws. */
export function terminalMetaFromMeta(meta: unknown): TerminalMeta | undefined {
  return narrowWith(terminalMetaSchema, meta);
}

/** The terminal card for a shell result's meta. */
export function terminalViewFromMeta(meta: unknown, title?: string): TerminalResultView | undefined {
  const narrowed = terminalMetaFromMeta(meta);
  if (!narrowed) return undefined;
  return { card: 'terminal', ...(title === undefined ? {} : { title }), ...narrowed };
}
