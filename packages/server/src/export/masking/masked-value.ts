import { mapRange, type TextMasker } from './text-masker';

/**
 * Every string of an event or a view, masked (keys left as they are: they are the
 * protocol's field names). A grep match (`line` with `ranges`) has its ranges moved with the
 * masked line, so the card's marks still fall on the match and never past the line.
 */
export function maskedValue<T>(value: T, masker: TextMasker): T {
  if (!masker.active) return value;
  return walk(value, masker) as T;
}

function walk(value: unknown, masker: TextMasker): unknown {
  if (typeof value === 'string') return masker.mask(value);
  if (Array.isArray(value)) return value.map((item) => walk(item, masker));
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  const isMatch = typeof record.line === 'string' && Array.isArray(record.ranges);
  for (const [key, item] of Object.entries(record)) {
    if (!(isMatch && key === 'line')) out[key] = walk(item, masker);
  }
  if (isMatch) {
    const { text, edits } = masker.maskWithEdits(record.line as string);
    out.line = text;
    if (edits.length > 0) out.ranges = (record.ranges as [number, number][]).map((range) => mapRange(range, edits));
  }
  return out;
}
