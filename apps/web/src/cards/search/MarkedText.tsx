import type { MatchRange } from '@toolcards/protocol';
import { markSegments } from './mark-segments';

/**
 * A line with its match ranges in <mark>; text nodes only, whatever the line holds. Text
 * between matches is a bare text node: a wrapper element per segment would add nothing but
 * elements to style and lay out (an expanded search mounts hundreds of these rows).
 */
export function MarkedText({ text, ranges }: { text: string; ranges: readonly MatchRange[] }) {
  return (
    <>
      {markSegments(text, ranges).map((segment, index) =>
        segment.marked ? <mark key={index}>{segment.text}</mark> : segment.text,
      )}
    </>
  );
}
