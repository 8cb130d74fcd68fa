import type { z } from 'zod';

/**
 * The one way an opaque value is narrowed: the schema's output, or `undefined` — never a throw,
 * so every caller can fall back to the generic card.
 */
export function narrowWith<T>(schema: z.ZodType<T>, value: unknown): T | undefined {
  try {
    const parsed = schema.safeParse(value);
    return parsed.success ? parsed.data : undefined;
  } catch {
    // A hostile value (a throwing getter, a revoked proxy) is as malformed as any other.
    return undefined;
  }
}
