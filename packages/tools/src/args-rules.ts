import type { z } from 'zod';

/** NUL cannot travel in a path or an argv entry; reject it with a message that names the field. */
export function withoutNul<T extends z.ZodString>(schema: T): T {
  return schema.refine((value) => !value.includes('\0'), 'must not contain a NUL byte') as unknown as T;
}
