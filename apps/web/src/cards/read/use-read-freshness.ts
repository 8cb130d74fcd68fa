import { useEffect, useState } from 'react';
import type { ReadFreshnessState } from '@toolcards/protocol';
import type { FileSource } from '../../net/file-source';

/**
 * How the file behind a read card compares with what the agent read: asked when the card
 * is shown, and again each time the server says the file changed. Undefined until known,
 * and when it cannot be known (no source, another workspace's session, the request failed):
 * then the card simply shows no badge.
 */
export function useReadFreshness(source: FileSource | undefined, path: string): ReadFreshnessState | undefined {
  const [state, setState] = useState<ReadFreshnessState | undefined>(undefined);
  useEffect(() => {
    if (!source) return undefined;
    let live = true;
    let asked = 0;
    const ask = () => {
      const serial = (asked += 1);
      source.freshness().then(
        (next) => {
          // A slower earlier answer must not overwrite a later one.
          if (live && serial === asked) setState(next);
        },
        () => undefined,
      );
    };
    const stop = source.watch(path, ask);
    ask();
    return () => {
      live = false;
      stop();
    };
  }, [source, path]);
  return state;
}
