import { useCallback, type RefObject } from 'react';
import type { Pin } from '@toolcards/protocol';
import { useClient, useSessionState } from '../store/client-context';
import { usePinsSnapshot, useSessionPins } from '../pins/pins-provider';
import { Navigator } from './navigator';
import { useSessionMapContext } from './session-map-context';

interface NavigatorAsideProps {
  /** Narrow screen: a modal drawer over the timeline (which keeps its size), not a column beside it. */
  drawer: boolean;
  onClose(): void;
  panelRef: RefObject<HTMLElement | null>;
}

/** The outline of the open session, beside the timeline or as a drawer over it. */
export function NavigatorAside({ drawer, onClose, panelRef }: NavigatorAsideProps) {
  const client = useClient();
  const map = useSessionMapContext();
  const sessionId = useSessionState((state) => state.sessionId);
  const pins = useSessionPins();
  const snapshot = usePinsSnapshot(pins);
  const unpin = useCallback((pin: Pin) => void pins?.toggle(pin.seq, pin.label), [pins]);
  const openPin = useCallback((pin: Pin) => sessionId !== null && client.openCard(sessionId, pin.seq), [client, sessionId]);
  if (map === null) return null;
  return (
    <aside
      id="navigator-panel"
      ref={panelRef}
      className={drawer ? 'app__navigator app__navigator--drawer' : 'app__navigator'}
      {...(drawer ? { role: 'dialog', 'aria-modal': true, 'aria-label': 'Outline', tabIndex: -1 } : { 'aria-label': 'Outline' })}
    >
      <Navigator
        map={map}
        sessionId={sessionId}
        pins={snapshot.pins}
        {...(snapshot.note === undefined ? {} : { pinsNote: snapshot.note })}
        onUnpin={unpin}
        onOpenPin={openPin}
        onClose={onClose}
        {...(drawer ? { onJumped: onClose } : {})}
      />
    </aside>
  );
}
