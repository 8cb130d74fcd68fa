import { useEffect, useState } from 'react';
import type { GenericResultView } from '@toolcards/protocol';
import { GenericCard } from '../cards';
import { useClient } from '../store/client-context';
import type { ToolResultRecord } from '../model/timeline-row';

/** Texts fetched once per result record: a row scrolled away and back does not ask again. */
const fetchedTexts = new WeakMap<ToolResultRecord, Promise<string>>();

type Loaded = { state: 'loading' } | { state: 'loaded'; text: string } | { state: 'failed'; message: string };

/**
 * The generic fallback for a result that came lean from history (no model-facing text)
 * and whose view this client cannot draw: it fetches the text from the server and shows it.
 */
export function LeanResultCard({ callId, result, view }: { callId: string; result: ToolResultRecord; view: GenericResultView }) {
  const client = useClient();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  useEffect(() => {
    let current = true;
    let pending = fetchedTexts.get(result);
    if (pending === undefined) {
      pending = client.resultText(callId);
      fetchedTexts.set(result, pending);
      // A failed fetch is tried again the next time the card mounts.
      pending.catch(() => fetchedTexts.delete(result));
    }
    pending.then(
      (text) => current && setLoaded({ state: 'loaded', text }),
      (error: unknown) => current && setLoaded({ state: 'failed', message: (error as Error)?.message ?? String(error) }),
    );
    return () => {
      current = false;
    };
  }, [client, callId, result]);
  switch (loaded.state) {
    case 'loading':
      return <GenericCard view={{ ...view, content: '' }} emptyText="Loading the output…" />;
    case 'failed':
      return <GenericCard view={{ ...view, content: '' }} emptyText={`Could not load the output: ${loaded.message}`} />;
    case 'loaded':
      return <GenericCard view={{ ...view, content: loaded.text }} />;
  }
}
