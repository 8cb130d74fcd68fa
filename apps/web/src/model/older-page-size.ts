/**
 * How many events the next older page asks for: at least `least`, and as many as the client
 * holds already, up to `most`. Splicing a page in front derives the rows of everything held, so
 * a long session reaches its start in a few pages that double rather than in many small ones
 * (16,000 events: 4 round trips instead of 7); the first page behind the tail stays small, so a
 * person scrolling up at once gets it soon.
 */
export function olderPageSize(heldEvents: number, least: number, most: number): number {
  return Math.min(most, Math.max(least, heldEvents));
}
