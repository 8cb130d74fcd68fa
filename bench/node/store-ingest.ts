import { performance } from 'node:perf_hooks';
import type { ServerFrame } from '@toolcards/protocol';
import { ClientState } from '../../apps/web/src/store/client-state';
import { ingestFrames } from '../../apps/web/src/test-support/store-frames';

/**
 * A live session's frames as the socket delivers them (JSON text), seq 0 up: a run of four
 * kinds — a user's read call, its result, a model text delta (64 seqs per assistant
 * message), a user message.
 */
export function liveSessionFrames(count: number): string[] {
  const frames: string[] = [];
  for (let seq = 0; seq < count; seq += 1) {
    const kind = seq % 4;
    const event =
      kind === 0 ? { type: 'tool/call', data: { callId: `c${seq}`, name: 'read', args: { path: `f${seq}.ts` }, origin: 'user' } }
        : kind === 1 ? { type: 'tool/result', data: { callId: `c${seq - 1}`, content: [{ type: 'text', text: 'x' }], isError: false } }
          : kind === 2 ? { type: 'assistant/text', data: { messageId: `m${seq >> 6}`, delta: 'token ' } }
            : { type: 'user/message', data: { text: `m${seq}` } };
    frames.push(JSON.stringify({ type: 'event', sessionId: 's1', event: { seq, time: 't', ...event } }));
  }
  return frames;
}

export interface IngestRun {
  /** `receive` of each frame of a batch, then one `publish` (as once per animation frame), per batch. */
  batchMs: number[];
  totalMs: number;
  /** Timeline rows at the end: a check that every event was applied. */
  rows: number;
}

/** Ingests already-parsed frames into a fresh store whose (empty) history has been replayed, `perBatch` at a time. */
export function ingestRun(frames: readonly ServerFrame[], perBatch: number): IngestRun {
  const store = new ClientState();
  store.openSession('s1');
  ingestFrames(store, [{ type: 'caught-up', sessionId: 's1', lastSeq: -1 }]);
  const batchMs: number[] = [];
  const started = performance.now();
  for (let start = 0; start < frames.length; start += perBatch) {
    const before = performance.now();
    const end = Math.min(start + perBatch, frames.length);
    for (let index = start; index < end; index += 1) store.receive(frames[index]!);
    store.publish();
    batchMs.push(performance.now() - before);
  }
  const totalMs = performance.now() - started;
  if (store.lastSeq !== frames.length - 1) throw new Error(`the store holds seq ${store.lastSeq}, ${frames.length} events were sent`);
  return { batchMs, totalMs, rows: store.state.getState().rows.length };
}

/** The baseline: `JSON.parse` of the same frames' text, batch by batch — what the socket path does to each frame anyway. */
export function parseRun(texts: readonly string[], perBatch: number): { totalMs: number; frames: ServerFrame[] } {
  const frames: ServerFrame[] = [];
  const started = performance.now();
  for (let start = 0; start < texts.length; start += perBatch) {
    const end = Math.min(start + perBatch, texts.length);
    for (let index = start; index < end; index += 1) frames.push(JSON.parse(texts[index]!) as ServerFrame);
  }
  return { totalMs: performance.now() - started, frames };
}

/** Median of the last tenth of the batches ÷ median of the first tenth: 1 when late batches cost what early ones do. */
export function lateOverEarly(batchMs: readonly number[], median: (samples: readonly number[]) => number): number {
  const tenth = Math.max(1, Math.floor(batchMs.length / 10));
  // Floored at 1 µs: a timer that read 0 for a batch must not make the ratio infinite.
  return Math.max(median(batchMs.slice(-tenth)), 1e-3) / Math.max(median(batchMs.slice(0, tenth)), 1e-3);
}
