import { memo, useMemo } from 'react';
import { assertNever } from '@toolcards/protocol';
import { CallCard, PreviousPlanContext, ResultCard, type CardShell } from '../cards';
import { CardAddressProvider, type CardAddress } from '../cards/frame/card-address';
import type { LineRange } from '../cards/read/line-selection';
import type { TimelineRow, ToolRow } from '../model/timeline-row';
import { AssistantMessage } from '../timeline/assistant-message';
import { isPlanResultRow, previousPlanOf } from '../timeline/previous-plan';
import { callViewOf, resultViewOf } from '../timeline/row-views';
import { TurnEndNotice } from '../timeline/turn-end-notice';
import { UserMessage } from '../timeline/user-message';
import { anchorHash } from './export-anchor';

export interface ExportRowViewProps {
  row: TimelineRow;
  rows: readonly TimelineRow[];
  /** Lines the file's address names in this row's card. */
  lines?: LineRange;
  /** A search card's group to open (a find hit is in it). */
  focusGroup?: { file: number };
  /** Lines were selected in the card: the file's address follows. */
  onSelectLines: (seq: number, lines: LineRange | undefined) => void;
}

/**
 * One row of the exported timeline: the app's own messages and cards. A result card gets no
 * server: no open-in-editor, no growing, no freshness, no full result, no read at a match.
 */
export const ExportRowView = memo(function ExportRowView({ row, rows, lines, focusGroup, onSelectLines }: ExportRowViewProps) {
  switch (row.kind) {
    case 'user-message':
      return <UserMessage text={row.text} />;
    case 'assistant-message':
      return <AssistantMessage text={row.text} />;
    case 'tool':
      return <ExportToolRow row={row} rows={rows} lines={lines} focusGroup={focusGroup} onSelectLines={onSelectLines} />;
    case 'turn-end':
      return <TurnEndNotice reason={row.reason} {...(row.error === undefined ? {} : { error: row.error })} />;
    default:
      return assertNever(row, 'timeline row');
  }
});

function ExportToolRow({ row, rows, lines, focusGroup, onSelectLines }: ExportRowViewProps & { row: ToolRow }) {
  const seq = row.seq;
  const address = useMemo<CardAddress>(
    () => ({
      sessionId: 'export',
      seq,
      link: (range) => `${location.href.replace(/#.*$/, '')}${anchorHash(range ? { seq, lines: range } : { seq })}`,
      ...(lines ? { lines } : {}),
      openSerial: lines ? 1 : 0,
      selectLines: (range) => onSelectLines(seq, range),
    }),
    [seq, lines, onSelectLines],
  );
  const shell = useMemo<CardShell>(() => (focusGroup ? { focusGroup } : {}), [focusGroup]);
  if (!row.result) {
    const call = row.call ?? { name: 'tool', args: null, origin: 'model' as const, view: undefined };
    return <CallCard view={callViewOf(call)} state={row.cancelled ? 'cancelled' : 'pending'} />;
  }
  const view = resultViewOf(row.result, row.call);
  return (
    <CardAddressProvider address={address}>
      <PreviousPlanContext value={isPlanResultRow(row) ? previousPlanOf(rows, row.callId) : undefined}>
        <ResultCard view={view} isError={row.result.isError} errorCode={row.result.error?.code} shell={shell} />
      </PreviousPlanContext>
    </CardAddressProvider>
  );
}
