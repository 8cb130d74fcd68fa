import { useSyncExternalStore } from 'react';
import type { SessionPins } from './session-pins';
import './pins.css';

const noSubscription = () => () => {};

interface PinButtonProps {
  pins: SessionPins | null;
  seq: number;
  /** The card's name: the pin's label in the navigator. */
  label: string;
}

/**
 * "Pin" in a card's header: marks the card for the navigator and the strip (saved per session,
 * beside its log). Pressed while pinned; nothing without the session's pins (a gallery story).
 */
export function PinButton({ pins, seq, label }: PinButtonProps) {
  const pinned = useSyncExternalStore(pins?.subscribe ?? noSubscription, () => pins?.isPinned(seq) ?? false);
  if (pins === null) return null;
  return (
    <button
      type="button"
      className={pinned ? 'tc-card__action tc-pin tc-pin--on' : 'tc-card__action tc-pin'}
      aria-pressed={pinned}
      title={pinned ? 'Unpin this card' : 'Pin this card (listed in the outline and on the strip)'}
      onClick={() => void pins.toggle(seq, label)}
    >
      <svg className="tc-pin__icon" viewBox="0 0 16 16" width="13" height="13" aria-hidden="true">
        <path d="M9.8 1.5 14.5 6.2l-1.4.6-2.7 2.7.3 3.1-1.2 1.2-2.9-2.9-3.3 3.3-.9-.9 3.3-3.3-2.9-2.9 1.2-1.2 3.1.3 2.7-2.7z" fill={pinned ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.2" strokeLinejoin="round" />
      </svg>
      <span>{pinned ? 'Pinned' : 'Pin'}</span>
    </button>
  );
}
