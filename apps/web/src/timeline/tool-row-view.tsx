import { useMemo } from 'react';
import { assertNever } from '@toolcards/protocol';
import { CallCard, PreviousPlanContext, ResultCard, type CallCardState, type CardShell, type ReadNextRequest } from '../cards';
import { useClient, useSessionState } from '../store/client-context';
import type { HeldCallState } from '../model/timeline-model';
import type { CardLocation } from '../model/open-location-request';
import { LeanResultCard } from './lean-result-card';
import { RowCardAddress } from './row-card-address';
import { isPlanResultRow, previousPlanOf } from './previous-plan';
import { callViewOf, resultViewOf } from './row-views';
import type { ToolRow } from '../model/timeline-row';

/** A tool call: its pending (or cancelled) card until the result replaces it. */
export function ToolRowView({ row }: { row: ToolRow }) {
  const client = useClient();
  const targetLine = useSessionState((state) => state.targetLines.get(row.callId));
  const callState = useSessionState((state) => state.callStates.get(row.callId));
  const findFocus = useSessionState((state) => (state.findFocus?.callId === row.callId ? state.findFocus : undefined));
  const shell = useCardShell(row, targetLine, findFocus);
  // A plan card says what changed since the session's previous plan: found in the rows held.
  const previousPlan = useSessionState((state) => (isPlanResultRow(row) ? previousPlanOf(state.rows, row.callId) : undefined));
  if (row.result) {
    const view = resultViewOf(row.result, row.call);
    // Lean from history and not drawable from its view: the text the fallback shows is fetched.
    if (view.card === 'generic' && row.result.contentOmitted && !row.result.isError) {
      return (
        <RowCardAddress row={row}>
          <LeanResultCard callId={row.callId} result={row.result} view={view} />
        </RowCardAddress>
      );
    }
    // A result card has an address (a seq in this session): "Copy link", line links.
    return (
      <RowCardAddress row={row}>
        <PreviousPlanContext value={previousPlan}>
          <ResultCard view={view} isError={row.result.isError} errorCode={row.result.error?.code} shell={shell} />
        </PreviousPlanContext>
      </RowCardAddress>
    );
  }
  const call = row.call ?? { name: 'tool', args: null, origin: 'model' as const, view: undefined };
  return <CallCard view={callViewOf(call)} state={row.cancelled ? 'cancelled' : callCardState(callState)} />;
}

/**
 * What this row gives its result card. The sources are made once per call (a complete result
 * and a file's freshness keep their state across renders); the actions never change.
 */
function useCardShell(row: ToolRow, targetLine: number | undefined, focusGroup: CardShell['focusGroup']): CardShell {
  const client = useClient();
  const fresh = row.result?.isError === false;
  const fullResult = useMemo(() => (fresh ? client.fullResult(row.callId) : undefined), [client, row.callId, fresh]);
  const fileSource = useMemo(() => (fresh ? client.fileSource(row.callId) : undefined), [client, row.callId, fresh]);
  const actions = useMemo(
    () => ({
      onOpenLocation: (location: CardLocation) => client.openLocation(location),
      onReadNext: (request: ReadNextRequest) => client.readWindow(request),
      onReadAgain: (request: ReadNextRequest) => client.readWindow(request, true),
    }),
    [client],
  );
  return useMemo(() => ({ ...actions, targetLine, fullResult, fileSource, focusGroup }), [actions, targetLine, fullResult, fileSource, focusGroup]);
}

/** The card for what the server said of a call without a result; nothing said means it runs. */
function callCardState(state: HeldCallState | undefined): CallCardState {
  switch (state) {
    case undefined:
      return 'pending';
    case 'queued':
    case 'unsaved':
      return state;
    default:
      return assertNever(state, 'call state');
  }
}
