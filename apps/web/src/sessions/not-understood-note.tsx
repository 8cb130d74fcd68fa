import type { SessionSummary } from '@toolcards/protocol';
import { escapedText } from '../cards/text/invisible-characters';
import { VisibleText } from '../cards/text/visible-text';

type NotUnderstood = NonNullable<SessionSummary['notUnderstood']>;

/** "3 records not understood (types a, b)": what a mirrored session's importer could not map (format drift). */
export function notUnderstoodWords({ total, types }: NotUnderstood): string {
  const records = `${total.toLocaleString('en-US')} ${total === 1 ? 'record' : 'records'} not understood`;
  return types.length === 0 ? records : `${records} (${types.length === 1 ? 'type' : 'types'} ${types.join(', ')})`;
}

/** A line under a mirrored session's row: the agent wrote records this version of toolcards does not know, so some of it is not shown. */
export function NotUnderstoodNote({ notUnderstood }: { notUnderstood: NotUnderstood }) {
  const words = notUnderstoodWords(notUnderstood);
  return (
    <span className="session-list__meta session-list__not-understood" title={`${escapedText(words)}: the agent wrote them, toolcards left them out`}>
      <VisibleText text={words} />
    </span>
  );
}
