import type { JsonValue } from '@toolcards/protocol';

/** UTF-8 size of a value as the session log will store it. */
export function serializedBytes(value: JsonValue): number {
  return Buffer.byteLength(JSON.stringify(value), 'utf8');
}

/**
 * The longest prefix of `items` whose meta (`build(prefix)`) serializes within
 * `maxBytes`. Keeps at least one item: a bounded payload wherever droppable,
 * never an empty card hiding a real result. Binary search, since size grows with the prefix.
 */
export function keepPrefixWithinBudget<T>(
  items: readonly T[],
  build: (kept: readonly T[]) => JsonValue,
  maxBytes: number,
): T[] {
  if (items.length <= 1 || serializedBytes(build(items)) <= maxBytes) return [...items];
  let fits = 1; // kept even when over budget
  let tooBig = items.length;
  while (tooBig - fits > 1) {
    const middle = Math.floor((fits + tooBig) / 2);
    if (serializedBytes(build(items.slice(0, middle))) <= maxBytes) fits = middle;
    else tooBig = middle;
  }
  return items.slice(0, fits);
}
