import { hasGrammar } from './has-grammar';
import type { HighlightChunkListener, HighlightRequest } from './highlighted-line';
import type { HighlightWorkerReply, HighlightWorkerRequest } from './highlight-messages';

/**
 * Starts highlighting a window and returns its cancel function. The work runs in one
 * shared module worker; where there is no Worker (tests, an old browser, a CSP without
 * worker-src 'self') it runs on the main thread, still chunked. Shiki is imported lazily
 * either way, so the page's first bundle carries no highlighter and no grammar.
 */
export function startHighlight(request: HighlightRequest, onChunk: HighlightChunkListener): () => void {
  const worker = highlightWorker();
  if (!worker) return startOnMainThread(request, onChunk);

  warmLangs.add(request.lang); // the window itself warms its grammar
  const id = nextJobId++;
  const job: WorkerJob = { request, onChunk };
  workerJobs.set(id, job);
  post(worker, { type: 'highlight', id, lang: request.lang, texts: request.texts });
  return () => {
    job.cancelMainThread?.();
    if (workerJobs.delete(id) && workerState === 'running') post(worker, { type: 'cancel', id });
  };
}

/**
 * Has the highlight worker create the highlighter and compile `lang`'s grammar now, so the
 * first window in `lang` skips the cold start (seconds of CPU for a large grammar): asked at
 * the page's start, and by a read call still running. Once per language and page; a no-op for
 * languages without a grammar, or without a worker (the main-thread fallback pays nothing
 * ahead of time). The worker runs warm-ups in the order asked, each only while no window waits.
 */
export function warmHighlight(lang: string | undefined): void {
  if (!hasGrammar(lang) || warmLangs.has(lang)) return;
  warmLangs.add(lang);
  const target = highlightWorker();
  if (target) post(target, { type: 'warm', lang });
}

/** The languages most reads are in, likeliest first: warmed with the page's start, before any read. */
export const LIKELY_LANGS = ['typescript', 'tsx', 'javascript', 'json', 'markdown', 'python'] as const;

/**
 * At the page's start: starts the highlight worker and has it create the highlighter and load
 * the likeliest language's grammar at once, so even the first read card of a page, sent the
 * moment the composer takes input, finds its grammar loaded; compiling the common rules of
 * LIKELY_LANGS (a warm-up of seconds of CPU in all) waits until the page is first idle. Not all
 * at idle: a page opened to run a command at once is never idle before it, and the warm-up then
 * ran just as the command's result arrived. Not all at once: on two cores, seconds of warm-ups
 * compete with the page, the server and the first command for the CPU. The worker takes one
 * warm-up at a time, only while no window waits (highlight-queue.ts).
 */
export function warmLikelyHighlights(): void {
  if (likelyAsked) return;
  likelyAsked = true;
  const likeliest = LIKELY_LANGS[0];
  const target = warmLangs.has(likeliest) ? undefined : highlightWorker();
  if (target) post(target, { type: 'load', lang: likeliest });
  whenIdle(() => {
    for (const lang of LIKELY_LANGS) warmHighlight(lang);
  });
}

function whenIdle(run: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 2000 });
  else setTimeout(run, 200);
}

const warmLangs = new Set<string>();
let likelyAsked = false;

interface WorkerJob {
  request: HighlightRequest;
  onChunk: HighlightChunkListener;
  /** Set when the worker died and this job moved to the main thread. */
  cancelMainThread?: () => void;
}

let worker: Worker | undefined;
let workerState: 'unstarted' | 'running' | 'broken' = 'unstarted';
let nextJobId = 1;
const workerJobs = new Map<number, WorkerJob>();

function highlightWorker(): Worker | undefined {
  if (workerState === 'running') return worker;
  if (workerState === 'broken') return undefined;
  if (typeof Worker !== 'function') {
    workerState = 'broken';
    return undefined;
  }
  try {
    worker = new Worker(new URL('./highlight.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    workerState = 'broken';
    return undefined;
  }
  workerState = 'running';
  worker.addEventListener('message', (event: MessageEvent<HighlightWorkerReply>) => {
    const reply = event.data;
    if (reply.type === 'warmed') return;
    const job = workerJobs.get(reply.id);
    if (!job) return;
    if (reply.type === 'chunk') job.onChunk(reply.start, reply.lines);
    else workerJobs.delete(reply.id);
  });
  // A worker that cannot start (blocked, failed to load) hands its jobs to the main thread.
  worker.addEventListener('error', (event) => {
    event.preventDefault();
    workerState = 'broken';
    worker?.terminate();
    for (const job of workerJobs.values()) job.cancelMainThread = startOnMainThread(job.request, job.onChunk);
  });
  return worker;
}

function post(target: Worker, message: HighlightWorkerRequest): void {
  target.postMessage(message);
}

function startOnMainThread(request: HighlightRequest, onChunk: HighlightChunkListener): () => void {
  const controller = new AbortController();
  void import('./highlight-window')
    .then(({ highlightWindow }) => highlightWindow(request, onChunk, controller.signal))
    .catch(() => undefined); // a failed highlight leaves the card plain
  return () => controller.abort();
}
