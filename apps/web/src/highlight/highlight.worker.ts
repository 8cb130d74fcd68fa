import { CHUNK_SLICE_MS } from './highlight-chunks';
import { HighlightQueue } from './highlight-queue';
import { lineHighlightingFor } from './highlighter';
import { prepareWindow } from './highlight-window';
import type { HighlightWorkerReply, HighlightWorkerRequest } from './highlight-messages';
import { nextTask } from './next-task';
import { warmSample } from './warm-samples';

// The project's lib is DOM, not WebWorker: name the two members of the worker scope we use.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<HighlightWorkerRequest>) => void) | null;
  postMessage(message: HighlightWorkerReply): void;
};

const queue = new HighlightQueue(CHUNK_SLICE_MS, nextTask);

scope.onmessage = ({ data: message }) => {
  if (message.type === 'cancel') {
    queue.cancel(message.id);
    return;
  }
  if (message.type === 'load') {
    // The grammar only, as a warm-up (after any window): no rules compiled, no 'warmed' reply.
    const { lang } = message;
    queue.addBackground(() => lineHighlightingFor(lang).then(() => undefined));
    return;
  }
  if (message.type === 'warm') {
    // Loads the grammar and compiles the regexes of its common rules, when no card waits
    // and the warm-ups asked before it are done (the page asks the likeliest language first).
    const { lang } = message;
    queue.addBackground(() => prepareWindow({ lang, texts: warmSample(lang) }, () => undefined), () => scope.postMessage({ type: 'warmed', lang }));
    return;
  }
  const { id } = message;
  const job = prepareWindow(message, (start, lines) => scope.postMessage({ type: 'chunk', id, start, lines }));
  // A failed highlight leaves the card plain; the page only learns the window is done.
  queue.add(id, job, () => scope.postMessage({ type: 'done', id }));
};
