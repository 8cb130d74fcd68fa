import { Fragment } from 'react';
import type { MatchRange } from '@toolcards/protocol';
import { mayNeedEscapes, sliceSegments, visibleSegments } from '../text/invisible-characters';
import { VisibleSegments } from '../text/visible-text';
import { markSegments } from './mark-segments';

/**
 * A line with its match ranges in <mark>; text nodes only, whatever the line holds. Text
 * between matches is a bare text node: a wrapper element per segment would add nothing but
 * elements to style and lay out (an expanded search mounts hundreds of these rows).
 * Invisible and bidi characters are chips; the ranges still count them as the UTF-16 units
 * they are in `text`, so a mark covers what the match covered.
 */
export function MarkedText({ text, ranges }: { text: string; ranges: readonly MatchRange[] }) {
  const marks = markSegments(text, ranges);
  if (!mayNeedEscapes(text)) {
    return <>{marks.map((mark, index) => (mark.marked ? <mark key={index}>{mark.text}</mark> : mark.text))}</>;
  }
  const visible = visibleSegments(text);
  let offset = 0;
  return (
    <>
      {marks.map((mark, index) => {
        const start = offset;
        offset += mark.text.length;
        const pieces = <VisibleSegments segments={sliceSegments(visible, start, offset)} />;
        return mark.marked ? <mark key={index}>{pieces}</mark> : <Fragment key={index}>{pieces}</Fragment>;
      })}
    </>
  );
}
