import { useEffect, useState } from 'react';
import type { FileSource } from '../../net/file-source';

/**
 * An answer about the file behind a card (a read's freshness, a diff's "applied"), asked when the
 * card is shown and again each time the server says the file changed; a slower earlier answer
 * never overwrites a later one. Undefined until known, and while it cannot be known (no source,
 * another workspace's session, a failed request, `ask` answering undefined): then the card shows
 * no badge. `ask` is called again when it changes: memoize it.
 */
export function useWatchedFileAnswer<T>(source: FileSource | undefined, path: string, ask: (source: FileSource) => Promise<T | undefined>): T | undefined {
  const [answer, setAnswer] = useState<T | undefined>(undefined);
  useEffect(() => {
    if (!source) return undefined;
    let live = true;
    let asked = 0;
    const askNow = () => {
      const serial = (asked += 1);
      ask(source).then(
        (next) => {
          if (live && serial === asked && next !== undefined) setAnswer(next);
        },
        () => undefined,
      );
    };
    const stop = source.watch(path, askNow);
    askNow();
    return () => {
      live = false;
      stop();
    };
  }, [source, path, ask]);
  return answer;
}
