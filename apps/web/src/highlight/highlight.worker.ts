import { highlightWindow, warmHighlighter } from './highlight-window';
import type { HighlightWorkerReply, HighlightWorkerRequest } from './highlight-messages';

// The project's lib is DOM, not WebWorker: name the two members of the worker scope we use.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<HighlightWorkerRequest>) => void) | null;
  postMessage(message: HighlightWorkerReply): void;
};

const jobs = new Map<number, AbortController>();

scope.onmessage = ({ data: message }) => {
  if (message.type === 'cancel') {
    jobs.get(message.id)?.abort();
    jobs.delete(message.id);
    return;
  }
  if (message.type === 'warm') {
    void warmHighlighter(message.lang).catch(() => undefined);
    return;
  }
  const { id } = message;
  const controller = new AbortController();
  jobs.set(id, controller);
  highlightWindow(message, (start, lines) => scope.postMessage({ type: 'chunk', id, start, lines }), controller.signal)
    .catch(() => undefined) // a failed highlight leaves the card plain; nothing to report
    .finally(() => {
      jobs.delete(id);
      scope.postMessage({ type: 'done', id });
    });
};
