import { describeZodIssues, pinsBodySchema, type PinsBody } from '@toolcards/protocol';

/** A PUT of pins is refused past this size (500 pins of 200-character labels fit well inside). */
export const MAX_PINS_BODY_BYTES = 256 * 1024;

/**
 * A PUT's body as pins, or why not (for a 400): read up to MAX_PINS_BODY_BYTES, parsed as JSON,
 * validated, and each seq checked against the session (`nextSeq`: the seq its next event gets).
 */
export async function pinsBodyOf(body: AsyncIterable<Buffer | string>, nextSeq: number): Promise<PinsBody | string> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const part of body) {
    const chunk = typeof part === 'string' ? Buffer.from(part) : part;
    size += chunk.length;
    if (size > MAX_PINS_BODY_BYTES) return `the pins are larger than ${MAX_PINS_BODY_BYTES} bytes`;
    parts.push(chunk);
  }
  let json: unknown;
  try {
    json = JSON.parse(Buffer.concat(parts).toString('utf8'));
  } catch {
    return 'the body is not JSON';
  }
  const parsed = pinsBodySchema.safeParse(json);
  if (!parsed.success) return `not a list of pins: ${describeZodIssues(parsed.error.issues)}`;
  const unknown = parsed.data.pins.find((pin) => pin.seq >= nextSeq);
  if (unknown !== undefined) return `the session has no event ${unknown.seq} to pin (its last is ${nextSeq - 1})`;
  return parsed.data;
}
