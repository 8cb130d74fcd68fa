import { useEffect, useState } from 'react';
import { formatCount } from '../frame/count-text';
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

/**
 * A capped card's switch between the page the tool returned and its complete result.
 * `loadList` fetches the list's code: started on the switch, so it comes with the outline.
 */
export function useFullResult(source: FullResultSource | undefined, total: number, loadList?: () => Promise<unknown>) {
  const [showFull, setShowFull] = useState(false);
  const full = useFullOutline(source, showFull);
  const onToggle = () => {
    // A failed fetch is the list's boundary's to show, when it renders.
    if (!showFull) loadList?.().catch(() => {});
    setShowFull(!showFull);
  };
  const toggle = source === undefined ? undefined : { total: formatCount(total), showing: showFull, onToggle };
  return { showFull, full, toggle };
}
