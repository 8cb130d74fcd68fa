import type { BenchDefinition } from '../bench-context';
import { measuredFigure } from '../figures';
import { median, pairwiseRatios } from '../stats';
import { ingestRun, lateOverEarly, liveSessionFrames, parseRun } from './store-ingest';

const PER_BATCH = 128;

/**
 * The client's ClientState taking a long live stream in Node, 128 events per publish (the
 * streaming bench's rate per animation frame): the per-batch cost, whether late batches
 * cost what early ones do (nothing O(events) per event), and the whole ingest against
 * `JSON.parse` of the same frames in the same run. Moved here from a unit test that
 * asserted these in milliseconds.
 */
export const storeIngestBench: BenchDefinition = {
  name: 'store-ingest',
  about: `the client store ingesting 100,000 live events, ${PER_BATCH} per publish, in Node: cost per batch, late ÷ early batches, and ÷ JSON.parse of the same frames`,
  async run(context) {
    const events = context.quick ? 10_000 : 100_000;
    const texts = liveSessionFrames(events);
    const batchMedians: number[] = [];
    const flatness: number[] = [];
    const ingestMs: number[] = [];
    const parseMs: number[] = [];
    let rows = 0;
    const frames = parseRun(texts, PER_BATCH).frames; // what the store takes: parsed once, never changed by it
    // One unmeasured warm-up of each, then pairs back to back, alternating which goes first.
    for (let index = -1; index < context.runs; index += 1) {
      const parseFirst = index % 2 === 1;
      const parsedBefore = parseFirst ? parseRun(texts, PER_BATCH).totalMs : undefined;
      const ingested = ingestRun(frames, PER_BATCH);
      const parsed = parsedBefore ?? parseRun(texts, PER_BATCH).totalMs;
      if (index < 0) continue;
      batchMedians.push(median(ingested.batchMs));
      flatness.push(lateOverEarly(ingested.batchMs, median));
      ingestMs.push(ingested.totalMs);
      parseMs.push(parsed);
      rows = ingested.rows;
    }
    const what = `store ingest of ${events.toLocaleString('en-US')} events`;
    return {
      figures: [
        measuredFigure('store-ingest.batch', `${what}: median cost of one ${PER_BATCH}-event batch (receive + publish)`, 'ms', batchMedians, { op: '<', value: 8 }),
        measuredFigure('store-ingest.late-early', `${what}: last tenth of batches ÷ first tenth (same run)`, 'ratio', flatness),
        measuredFigure('store-ingest.total', `${what}: whole ingest`, 'ms', ingestMs),
        measuredFigure('store-ingest.parse-ratio', `${what}: whole ingest ÷ JSON.parse of the same frames (pairs)`, 'ratio', pairwiseRatios(ingestMs, parseMs)),
      ],
      details: [
        `${events.toLocaleString('en-US')} events: a quarter each read calls, their results (merged into the call's row), model text deltas`
          + ` (64 seqs per assistant message) and user messages; ${rows.toLocaleString('en-US')} timeline rows at the end. A fresh store per run.`,
        'The target (< 8 ms per batch) is the budget the unit test used to assert; "late ÷ early" near 1 means the cost per event does not grow with the session.',
      ],
    };
  },
};
