import { formatCount } from '../frame/count-text';
import { GROW_STEP_LINES } from './read-growth';
import type { GrowDirection } from './use-read-growth';

interface GrowControlProps {
  direction: GrowDirection;
  /** Lines of the file beyond the shown ones on this side. */
  left: number;
  loading: boolean;
  onGrow: () => void;
}

/** "Show 50 lines above": grows the card in place from the file as it is now (not a tool call). */
export function GrowControl({ direction, left, loading, onGrow }: GrowControlProps) {
  const step = Math.min(GROW_STEP_LINES, left);
  const label = `Show ${formatCount(step)} ${step === 1 ? 'line' : 'lines'} ${direction}`;
  return (
    <button
      type="button"
      className={`tc-read__grow tc-read__grow--${direction}`}
      onClick={onGrow}
      disabled={loading}
      aria-busy={loading || undefined}
      title={`${formatCount(left)} more ${left === 1 ? 'line' : 'lines'} ${direction}: added from the file as it is now, not part of the agent's read`}
    >
      <span aria-hidden="true">{direction === 'above' ? '↑' : '↓'}</span> {loading ? 'Loading…' : label}
    </button>
  );
}

/** Why the added lines may not match the read, or why adding failed. */
export function GrowNote({ error }: { error: string | undefined }) {
  return (
    <p className="tc-read__grow-note" role={error === undefined ? 'note' : 'alert'}>
      {error === undefined
        ? 'The file changed since this read: the added lines are from the file as it is now.'
        : `Could not add lines: ${error}`}
    </p>
  );
}
