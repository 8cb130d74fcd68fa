import { memo } from 'react';
import { assertNever } from '@toolcards/protocol';
import { AssistantMessage } from './assistant-message';
import type { TimelineRow } from '../model/timeline-row';
import { ToolRowView } from './tool-row-view';
import { TurnEndNotice } from './turn-end-notice';
import { UserMessage } from './user-message';

/** One row of the timeline; re-renders only when its (immutable) row object changes. */
export const TimelineRowView = memo(function TimelineRowView({ row }: { row: TimelineRow }) {
  switch (row.kind) {
    case 'user-message':
      return <UserMessage text={row.text} />;
    case 'assistant-message':
      return <AssistantMessage text={row.text} />;
    case 'tool':
      return <ToolRowView row={row} />;
    case 'turn-end':
      return <TurnEndNotice reason={row.reason} {...(row.error === undefined ? {} : { error: row.error })} />;
    default:
      return assertNever(row, 'timeline row');
  }
});
