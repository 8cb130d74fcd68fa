import { z } from 'zod';
import { diffResultViewSchema } from './diff-view';
import { sessionIdSchema } from './events';
import { planResultViewSchema } from './plan-view';
import { searchResultViewSchema } from './search-view';
import { terminalResultViewSchema } from './terminal-view';
import { inner, lazySchema } from './lazy-schema';

/**
 * zod schemas for every view and meta shape: the one source of their types (views.ts
 * infers them). Semantic rules (ordering, bounds) live here too so the wire validator
 * and the meta narrowing agree.
 */

const lineNumber = z.number().int().min(1);
const count = z.number().int().min(0);

export const readFileLineSchema = lazySchema(() =>
  z.object({
    /** 1-based line number in the file. */
    number: lineNumber,
    /** What was read of the line (without the tool's cut marker when it was cut). */
    text: z.string(),
    /** The line was longer: cut after this many characters (the card marks it; the model's text says so inline). */
    cutAtChars: z.number().int().min(1).optional(),
  }),
);

/** The read tool's persisted meta: the structured window. */
export const readMetaSchema = lazySchema(() =>
  z
    .object({
      path: z.string().min(1),
      /** 1-based first line the window asked for (kept even when `lines` is empty). */
      offset: lineNumber,
      lines: z.array(inner(readFileLineSchema)),
      totalLines: count,
      /** Shiki language id; absent → plain text. */
      lang: z.string().optional(),
      /**
       * The file as it was read, so a later look can tell whether the agent's view went stale:
       * its mtime and size, and a hash of the window's text (`readWindowHash`). Absent in logs
       * written before they were recorded.
       */
      mtimeMs: z.number().min(0).optional(),
      size: count.optional(),
      windowHash: z.string().regex(/^[0-9a-f]{64}$/).optional(),
    })
    .superRefine((meta, ctx) => {
      let previous = meta.offset - 1;
      for (const [index, line] of meta.lines.entries()) {
        if (line.number <= previous) {
          ctx.addIssue({
            code: 'custom',
            path: ['lines', index, 'number'],
            message: index === 0 ? 'first line is below offset' : 'line numbers must strictly increase',
          });
          return;
        }
        if (line.number > meta.totalLines) {
          ctx.addIssue({ code: 'custom', path: ['lines', index, 'number'], message: 'line number beyond totalLines' });
          return;
        }
        previous = line.number;
      }
    }),
);

const title = z.string().optional();

export const genericResultViewSchema = lazySchema(() =>
  z.object({
    card: z.literal('generic'),
    title,
    content: z.string().optional(),
    /** A session this result started (a Claude Code subagent's): the card links to it. */
    session: sessionIdSchema.optional(),
  }),
);

export const readResultViewSchema = lazySchema(() =>
  z
    .object({
      card: z.literal('read'),
      title,
      /** The envelope-stripped model text, for consumers without a read card. */
      content: z.string().optional(),
    })
    .and(inner(readMetaSchema)),
);

/** The closed result union; search, terminal, diff and plan live in their own files (search-view.ts, …). */
export const toolResultViewSchema = lazySchema(() =>
  z.union([
    inner(genericResultViewSchema),
    inner(readResultViewSchema),
    inner(searchResultViewSchema),
    inner(terminalResultViewSchema),
    inner(diffResultViewSchema),
    inner(planResultViewSchema),
  ]),
);

/** Icon category of a call. */
export const toolCallKindSchema = z.enum(['read', 'edit', 'delete', 'move', 'search', 'execute', 'fetch', 'other']);

export const callLocationSchema = lazySchema(() =>
  z.object({
    path: z.string(),
    /** 1-based line, when the call targets one. */
    line: lineNumber.optional(),
  }),
);

/** Call side: read and search calls stay generic while pending — nothing structured exists yet. */
export const toolCallViewSchema = lazySchema(() =>
  z.object({
    card: z.literal('generic'),
    title: z.string(),
    kind: toolCallKindSchema.optional(),
    locations: z.array(inner(callLocationSchema)).optional(),
  }),
);
