import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HighlightWorkerReply, HighlightWorkerRequest } from './highlight-messages';
import { until } from '../../../../packages/tools/src/test-support/until';

/** A stand-in module worker: records what the page posts, lets the test reply or fail. */
class FakeWorker extends EventTarget {
  static last: FakeWorker | undefined;
  readonly posted: HighlightWorkerRequest[] = [];
  terminated = false;
  constructor(readonly url: URL, readonly options: WorkerOptions) {
    super();
    FakeWorker.last = this;
  }
  postMessage(message: HighlightWorkerRequest) {
    this.posted.push(message);
  }
  terminate() {
    this.terminated = true;
  }
  reply(message: HighlightWorkerReply) {
    this.dispatchEvent(new MessageEvent('message', { data: message }));
  }
  fail() {
    this.dispatchEvent(new Event('error', { cancelable: true }));
  }
}

/** The job id of a posted highlight (or cancel) message. */
function jobId(message: HighlightWorkerRequest | undefined): number {
  if (!message || message.type === 'warm' || message.type === 'load') throw new Error(`not a job message: ${JSON.stringify(message)}`);
  return message.id;
}

// The client keeps one worker per page: each test gets a fresh module.
async function freshClient() {
  vi.resetModules();
  return import('./highlight-client');
}

describe('startHighlight', () => {
  beforeEach(() => {
    FakeWorker.last = undefined;
    vi.stubGlobal('Worker', FakeWorker);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('posts the window to one module worker and hands its chunks back', async () => {
    const { startHighlight } = await freshClient();
    const onChunk = vi.fn();
    startHighlight({ lang: 'json', texts: ['{}'] }, onChunk);
    const worker = FakeWorker.last!;
    expect(worker.options).toEqual({ type: 'module' });
    expect(worker.url.pathname).toMatch(/highlight\.worker\.ts$/);
    const [request] = worker.posted;
    expect(request).toEqual({ type: 'highlight', id: expect.any(Number), lang: 'json', texts: ['{}'] });

    const lines = [[{ text: '{}', light: '#1F2328', dark: '#E6EDF3' }]];
    worker.reply({ type: 'chunk', id: jobId(request), start: 0, lines });
    expect(onChunk).toHaveBeenCalledWith(0, lines);

    startHighlight({ lang: 'json', texts: ['[]'] }, vi.fn());
    expect(FakeWorker.last).toBe(worker); // shared, not one per card
  });

  it('tells the worker to stop a cancelled window and drops its late chunks', async () => {
    const { startHighlight } = await freshClient();
    const onChunk = vi.fn();
    const cancel = startHighlight({ lang: 'json', texts: ['{}'] }, onChunk);
    const worker = FakeWorker.last!;
    const id = jobId(worker.posted[0]);
    cancel();
    expect(worker.posted[1]).toEqual({ type: 'cancel', id });
    worker.reply({ type: 'chunk', id, start: 0, lines: [[]] });
    expect(onChunk).not.toHaveBeenCalled();
  });

  it('moves its windows to the main thread when the worker fails to start', async () => {
    const { startHighlight } = await freshClient();
    const onChunk = vi.fn();
    startHighlight({ lang: 'json', texts: ['{"a": 1}'] }, onChunk);
    const worker = FakeWorker.last!;
    worker.fail();
    expect(worker.terminated).toBe(true);
    await until(() => expect(onChunk).toHaveBeenCalled());
    const [start, lines] = onChunk.mock.calls[0]!;
    expect(start).toBe(0);
    expect(lines[0].map((token: { text: string }) => token.text).join('')).toBe('{"a": 1}');
    expect(lines[0].some((token: { light?: string }) => token.light)).toBe(true);

    // Later windows go straight to the main thread.
    FakeWorker.last = undefined;
    const later = vi.fn();
    startHighlight({ lang: 'json', texts: ['[]'] }, later);
    expect(FakeWorker.last).toBeUndefined();
    await until(() => expect(later).toHaveBeenCalled());
  });

  it('warms a language in the worker at once, once, and not one it has no grammar for', async () => {
    const { warmHighlight, startHighlight } = await freshClient();
    warmHighlight('typescript');
    warmHighlight('typescript');
    warmHighlight('klingon');
    warmHighlight(undefined);
    // Not at idle: a read sent the moment the page opens must find its grammar on the way.
    expect(FakeWorker.last!.posted).toEqual([{ type: 'warm', lang: 'typescript' }]);

    // A window already warms its own language.
    startHighlight({ lang: 'json', texts: ['{}'] }, vi.fn());
    warmHighlight('json');
    expect(FakeWorker.last!.posted.map((message) => message.type)).toEqual(['warm', 'highlight']);
  });

  it('starts the worker with the page and loads the likeliest grammar at once, warms the likely languages at idle, each once', async () => {
    vi.useFakeTimers();
    try {
      const { warmHighlight, warmLikelyHighlights } = await freshClient();
      warmHighlight('json');
      warmLikelyHighlights();
      warmLikelyHighlights();
      const warmed = () => FakeWorker.last!.posted.map((message) => (message.type === 'warm' ? message.lang : message.type));
      // TypeScript's grammar now: a read sent the moment the composer takes input must find it on the way.
      expect(FakeWorker.last!.posted).toEqual([{ type: 'warm', lang: 'json' }, { type: 'load', lang: 'typescript' }]);
      await vi.runAllTimersAsync();
      expect(warmed()).toEqual(['json', 'load', 'typescript', 'tsx', 'javascript', 'markdown', 'python']);
    } finally {
      vi.useRealTimers();
    }
  });
});
