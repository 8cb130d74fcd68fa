import { mayNeedEscapes, visibleSegments, type EscapeSegment, type VisibleOptions, type VisibleSegment } from './invisible-characters';

/**
 * Text as the user should see it: invisible, control and bidi characters become chips, so
 * nothing is hidden and nothing reorders what follows. Elements only, never markup.
 */
export function VisibleText({ text, multiline, fileStart }: { text: string } & VisibleOptions) {
  // Most text has nothing to escape: a bare text node, no array, no extra elements.
  if (!mayNeedEscapes(text)) return <>{text}</>;
  return <VisibleSegments segments={visibleSegments(text, { multiline, fileStart })} />;
}

/** Already split segments (a line cut into match marks or highlight tokens). */
export function VisibleSegments({ segments }: { segments: readonly VisibleSegment[] }) {
  return <>{segments.map((segment, index) => (segment.kind === 'escape' ? <EscapeChip key={index} segment={segment} /> : segment.text))}</>;
}

/** "U+202E" in a small box; hover or a screen reader gives the character's name and why it is shown. */
function EscapeChip({ segment }: { segment: EscapeSegment }) {
  return (
    <span className={`tc-escape tc-escape--${segment.escape}`} role="img" aria-label={segment.description} title={segment.description}>
      {segment.label}
    </span>
  );
}
