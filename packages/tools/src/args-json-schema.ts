import { z } from 'zod';
import type { JsonObject, JsonValue } from '@toolcards/protocol';

/** JSON Schema of a tool's args as the model sees them (the input side, without `$schema`). */
export function jsonSchemaOf(schema: z.ZodType): JsonObject {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'input' }) as Record<string, unknown>;
  return withoutSafeIntegerBounds(JSON.parse(JSON.stringify(rest)) as JsonValue) as JsonObject;
}

/**
 * The same, built on the first call and kept: zod's conversion is ~20 ms of a one-shot
 * `toolcards tool` start, and only the model's tool list reads it.
 */
export function jsonSchemaOnFirstUse(schema: z.ZodType): () => JsonObject {
  let built: JsonObject | undefined;
  return () => (built ??= jsonSchemaOf(schema));
}

/** zod writes the safe-integer range on every integer; it is noise in the model's tool list. */
function withoutSafeIntegerBounds(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(withoutSafeIntegerBounds);
  if (typeof value !== 'object' || value === null) return value;
  const out: JsonObject = {};
  for (const [key, item] of Object.entries(value)) {
    if (key === 'maximum' && item === Number.MAX_SAFE_INTEGER) continue;
    if (key === 'minimum' && item === Number.MIN_SAFE_INTEGER) continue;
    out[key] = withoutSafeIntegerBounds(item);
  }
  return out;
}
