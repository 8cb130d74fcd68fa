import type { MatchRange } from '@toolcards/protocol';
import { markSegments } from './mark-segments';

/** A line with its match ranges in <mark>; text nodes only, whatever the line holds. */
export function MarkedText({ text, ranges }: { text: string; ranges: readonly MatchRange[] }) {
  return (
    <>
      {markSegments(text, ranges).map((segment, index) =>
        segment.marked ? <mark key={index}>{segment.text}</mark> : <span key={index}>{segment.text}</span>,
      )}
    </>
  );
}
