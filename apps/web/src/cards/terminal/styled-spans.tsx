import type { CSSProperties } from 'react';
import { mayNeedEscapes, sliceSegments, visibleSegments } from '../text/invisible-characters';
import { VisibleSegments } from '../text/visible-text';

/** A run of text with inline styles (a terminal span, a highlight token). */
export interface StyledSpan {
  text: string;
  style?: CSSProperties;
  className?: string;
}

/**
 * Runs drawn as spans, with invisible, control and bidi characters as chips: found on the whole
 * line (a joiner may straddle two runs), then each run takes its share by offset.
 */
export function StyledSpans({ text, spans }: { text: string; spans: readonly StyledSpan[] }) {
  const segments = mayNeedEscapes(text) ? visibleSegments(text) : undefined;
  let offset = 0;
  return (
    <>
      {spans.map((span, index) => {
        const start = offset;
        offset += span.text.length;
        return (
          <span key={index} className={span.className} style={span.style}>
            {segments ? <VisibleSegments segments={sliceSegments(segments, start, offset)} /> : span.text}
          </span>
        );
      })}
    </>
  );
}
