import { useSessionState } from '../store/client-context';
import type { HistoryState } from '../model/timeline-model';

/**
 * While older history loads toward the card a link names: how far there is still to go,
 * so the wait reads as progress, not as a page that ignored the link.
 */
export function LinkedCardProgress({ history }: { history: HistoryState }) {
  const seq = useSessionState((state) => (state.addressed?.loading ? state.addressed.seq : undefined));
  if (seq === undefined) return null;
  const left = Math.max(0, history.firstSeq - seq);
  return (
    <p className="timeline__older" role="status" data-testid="linked-card-progress">
      {left === 0 ? 'Finding the linked card…' : `Loading history to the linked card… (${left.toLocaleString('en-US')} events to go)`}
    </p>
  );
}
