import { memo } from 'react';
import { assertNever } from '@toolcards/protocol';
import { AssistantMessage } from './AssistantMessage';
import type { TimelineRow } from './TimelineRow';
import { ToolRowView } from './ToolRowView';
import { TurnEndNotice } from './TurnEndNotice';
import { UserMessage } from './UserMessage';

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
