import { z } from 'zod';
import { lazySchema } from './lazy-schema';

// ── Pins: cards a person marked in a session ────────────────────────────────
//   GET /api/sessions/:id/pins            → PinsResponse
//   PUT /api/sessions/:id/pins  PinsBody  → PinsResponse (the pins as saved)
// Kept per session beside its log in the data dir, never in the log itself: a mirrored
// agent session (read-only) can be pinned too.

/** More pins than this in one session are refused (a list a person keeps, not an index). */
export const MAX_PINS = 500;
/** A pin's label (the card's title when pinned) is cut to this many characters. */
export const MAX_PIN_LABEL = 200;

export const pinSchema = lazySchema(() =>
  z.object({
    /** The seq of the card's first event (its call): what a card's permalink names. */
    seq: z.number().int().min(0),
    label: z.string().max(MAX_PIN_LABEL),
    pinnedAt: z.string().max(40),
  }),
);
export type Pin = z.infer<typeof pinSchema>;

export const pinsBodySchema = lazySchema(() => z.object({ pins: z.array(pinSchema).max(MAX_PINS) }));
export type PinsBody = z.infer<typeof pinsBodySchema>;

export const pinsResponseSchema = lazySchema(() =>
  z.object({
    pins: z.array(pinSchema),
    /** The saved pins could not be read (a malformed file, set aside): what happened, for a notice. */
    note: z.string().optional(),
  }),
);
export type PinsResponse = z.infer<typeof pinsResponseSchema>;
