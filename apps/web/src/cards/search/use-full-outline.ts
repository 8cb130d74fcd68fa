import { useEffect, useState } from 'react';
import type { FullResultOutline } from '@toolcards/protocol';
import type { FullResultSource } from '../../net/full-result-source';

export type FullOutlineState = { state: 'off' } | { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; outline: FullResultOutline };

/** The complete result's outline, fetched when the card is switched to it (and again after a failure). */
export function useFullOutline(source: FullResultSource | undefined, wanted: boolean): FullOutlineState {
  const [outline, setOutline] = useState<FullOutlineState>({ state: 'off' });
  useEffect(() => {
    if (!wanted || source === undefined) {
      setOutline((current) => (current.state === 'ready' ? current : { state: 'off' }));
      return;
    }
    let live = true;
    setOutline((current) => (current.state === 'ready' ? current : { state: 'loading' }));
    source.outline().then(
      (answer) => live && setOutline({ state: 'ready', outline: answer }),
      (error: unknown) => live && setOutline({ state: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [source, wanted]);
  return wanted ? outline : { state: 'off' };
}
