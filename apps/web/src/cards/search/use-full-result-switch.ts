import { useState } from 'react';
import { formatCount } from '../frame/count-text';
import type { FullResultSource } from '../../net/full-result-source';
import { useFullOutline } from './use-full-outline';

/**
 * A capped card's switch between the page the tool returned and its complete result.
 * `loadList` fetches the list's code: started on the switch, so it comes with the outline.
 */
export function useFullResultSwitch(source: FullResultSource | undefined, total: number, loadList?: () => Promise<unknown>) {
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
