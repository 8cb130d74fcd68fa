import { useCallback, useMemo } from 'react';
import { assertNever, type ToolCallView, type ToolResultView } from '@toolcards/protocol';
import { CallCard, ResultCard, viewForCall, viewForResult, type CallCardState, type ReadNextRequest } from '../cards';
import { useClient, useSessionState } from '../store/client-context';
import type { HeldCallState } from '../store/session-store';
import type { CardLocation } from '../store/open-location-request';
import { LeanResultCard } from './lean-result-card';
import type { ToolCallRecord, ToolResultRecord, ToolRow } from './timeline-row';

// Rows are immutable, so a view validated once stays valid: scrolling a row out of the
// virtual window and back does not validate it again.
const resultViews = new WeakMap<ToolResultRecord, ToolResultView>();
const callViews = new WeakMap<ToolCallRecord, ToolCallView>();

function resultViewOf(result: ToolResultRecord, call: ToolCallRecord | undefined): ToolResultView {
  let view = resultViews.get(result);
  if (!view) {
    view = viewForResult(result, result.view, call === undefined ? undefined : callViewOf(call).title);
    resultViews.set(result, view);
  }
  return view;
}

function callViewOf(call: ToolCallRecord): ToolCallView {
  let view = callViews.get(call);
  if (!view) {
    view = viewForCall(call.name, call.view);
    callViews.set(call, view);
  }
  return view;
}

/** A tool call: its pending (or cancelled) card until the result replaces it. */
export function ToolRowView({ row }: { row: ToolRow }) {
  const client = useClient();
  const targetLine = useSessionState((state) => state.targetLines.get(row.callId));
  const callState = useSessionState((state) => state.callStates.get(row.callId));
  const openLocation = useCallback((location: CardLocation) => client.openLocation(location), [client]);
  const readNext = useCallback((request: ReadNextRequest) => client.readWindow(request), [client]);
  const fullResult = useMemo(() => (row.result?.isError === false ? client.fullResult(row.callId) : undefined), [client, row.callId, row.result?.isError]);
  if (row.result) {
    const view = resultViewOf(row.result, row.call);
    // Lean from history and not drawable from its view: the text the fallback shows is fetched.
    if (view.card === 'generic' && row.result.contentOmitted && !row.result.isError) {
      return <LeanResultCard callId={row.callId} result={row.result} view={view} />;
    }
    return (
      <ResultCard
        view={view}
        isError={row.result.isError}
        errorCode={row.result.error?.code}
        targetLine={targetLine}
        onOpenLocation={openLocation}
        onReadNext={readNext}
        fullResult={fullResult}
      />
    );
  }
  const call = row.call ?? { name: 'tool', args: null, origin: 'model' as const, view: undefined };
  return <CallCard view={callViewOf(call)} state={row.cancelled ? 'cancelled' : callCardState(callState)} />;
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
