import { useEffect } from 'react';
import { assertNever, langFromPath, type ToolCallView } from '@toolcards/protocol';
import { CardFrame } from './frame/card-frame';
import { CardTitle } from './frame/card-title';
import { KindIcon } from './frame/kind-icon';
import { PathLabel } from './frame/path-label';
import { warmHighlight } from '../highlight/highlight-client';
import { hasBidiControl } from './text/invisible-characters';

/**
 * `pending`: running; `queued`: waiting for one of the server's tool slots; `unsaved`: ran,
 * but the log refused its result (full disk), so it will end as aborted; `cancelled`: will not finish.
 */
export type CallCardState = 'pending' | 'queued' | 'unsaved' | 'cancelled';

export interface CallCardProps {
  view: ToolCallView;
  state: CallCardState;
}

const STATE_LABELS: Record<CallCardState, string> = { pending: 'running', queued: 'queued', unsaved: 'not saved', cancelled: 'cancelled' };
/** Work in progress or waiting to start; an unsaved call's tool has ended, only its closing result is owed. */
const STATE_BUSY: Record<CallCardState, boolean> = { pending: true, queued: true, unsaved: false, cancelled: false };

/** A call without its result yet (or never to have one): every kind is generic while pending. */
export function CallCard({ view, state }: CallCardProps) {
  const pending = STATE_BUSY[state];
  // A read on its way: warm the highlighter for its language while the result is pending.
  const readPath = pending && view.kind === 'read' ? view.locations?.[0]?.path : undefined;
  useEffect(() => {
    if (readPath !== undefined) warmHighlight(langFromPath(readPath));
  }, [readPath]);
  return (
    <CardFrame
      variant="call"
      label={`${view.title} — ${STATE_LABELS[state]}`}
      busy={pending}
      hasBidiControls={hasBidiControl(view.title) || (view.locations ?? []).some((location) => hasBidiControl(location.path))}
      heading={
        <>
          <KindIcon kind={view.kind ?? 'other'} />
          <CardTitle title={view.title} />
        </>
      }
      details={<CallStatus state={state} />}
    >
      {view.locations !== undefined && view.locations.length > 0 && (
        <ul className="tc-call__locations">
          {view.locations.map((location, index) => (
            <li key={index}>
              <PathLabel path={location.path} line={location.line} />
            </li>
          ))}
        </ul>
      )}
    </CardFrame>
  );
}

function CallStatus({ state }: { state: CallCardState }) {
  switch (state) {
    case 'pending':
      return (
        <span className="tc-call__status">
          <span className="tc-call__spinner" aria-hidden="true" />
          running…
        </span>
      );
    case 'queued':
      return (
        <span className="tc-call__status tc-call__status--queued">
          <span className="tc-call__queued-mark" aria-hidden="true" />
          Queued — waiting for a free slot
        </span>
      );
    case 'unsaved':
      return (
        <span className="tc-call__status tc-call__status--unsaved">
          Not saved — the disk is full; this call will be closed when there is room
        </span>
      );
    case 'cancelled':
      return <span className="tc-call__status tc-call__status--cancelled">cancelled</span>;
    default:
      return assertNever(state, 'call card state');
  }
}
