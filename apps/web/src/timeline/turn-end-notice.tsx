import { assertNever, type TurnEndReason } from '@toolcards/protocol';
import { VisibleText } from '../cards/text/visible-text';

/** How a model turn ended; a normal end is a quiet divider. */
export function TurnEndNotice({ reason, error }: { reason: TurnEndReason; error?: string }) {
  switch (reason) {
    case 'done':
      return <div className="tl-turn-end tl-turn-end--done" role="separator" aria-label="Turn ended" />;
    case 'cancelled':
      return <div className="tl-turn-end tl-turn-end--cancelled">Turn cancelled</div>;
    case 'step-limit':
      return <div className="tl-turn-end tl-turn-end--warning">Turn stopped: the step limit was reached</div>;
    case 'error':
      return (
        <div className="tl-turn-end tl-turn-end--error" role="alert">
          <strong>Turn failed</strong>
          {error !== undefined && error !== '' && <span className="tl-turn-end__error">
              <VisibleText text={error} />
            </span>}
        </div>
      );
    default:
      return assertNever(reason, 'turn end reason');
  }
}
