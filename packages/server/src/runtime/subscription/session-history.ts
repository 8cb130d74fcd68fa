import type { SessionEvent, SessionHeader, ToolResultEvent } from '@toolcards/protocol';
import type { LogSeqIndex } from '@toolcards/session';
import { outbound, type OutboundFrame } from '../../wire/outbound-frames';
import { ViewComputer, type Presenters } from '../view-computation';
import { HistoryBatcher } from './history-batch';
import type { HistoryItems } from './history-items';
import { historyItem } from './history-item';

/** Seqs `fromSeq`..`beforeSeq - 1` of a session (empty when fromSeq ≥ beforeSeq). */
export interface HistoryRange {
  fromSeq: number;
  beforeSeq: number;
}

/** Resolves false when the receiver is gone or the reader should stop. */
export type EmitFrame = (frame: OutboundFrame) => Promise<boolean>;

/**
 * A session's logged history as clients receive it: any range of seqs — everything after
 * a resume point, the last screenful, an older page — read through the log's seq index
 * (so a tail costs only its own lines), each event with the view computed as live
 * delivery computes it, packed into byte-bounded `history` frames with lean results. A range
 * the replay from the start already serialized (`items`) goes out from those.
 */
export class SessionHistory {
  constructor(
    private readonly index: LogSeqIndex,
    private readonly sessionId: string,
    private readonly presenters: Presenters,
    private readonly items?: HistoryItems,
  ) {}

  /** What a subscription sends: every event after `afterSeq` before `liveFrom`, or only the last `tail`. */
  async subscribeRange(afterSeq: number, liveFrom: number, tail?: number): Promise<HistoryRange> {
    const fromSeq = Math.min(afterSeq + 1, liveFrom);
    if (tail === undefined || fromSeq >= liveFrom) return { fromSeq, beforeSeq: liveFrom };
    await this.index.catchUp();
    return { fromSeq: Math.max(fromSeq, await this.index.coveredPageStart(liveFrom, tail)), beforeSeq: liveFrom };
  }

  /** An older page: up to `limit` events before `beforeSeq` (widened to keep results with their calls). */
  async olderRange(beforeSeq: number, limit: number): Promise<HistoryRange> {
    await this.index.catchUp();
    return { fromSeq: await this.index.coveredPageStart(beforeSeq, limit), beforeSeq };
  }

  /** The logged result of a call, in full (what lean history left out); undefined when none is logged. */
  async resultOf(callId: string): Promise<ToolResultEvent | undefined> {
    await this.index.catchUp();
    const seq = await this.index.firstResultSeqOf(callId);
    if (seq === undefined) return undefined;
    let found: ToolResultEvent | undefined;
    await this.index.readRange(seq, seq + 1, (event) => {
      if (event.type === 'tool/result' && event.data.callId === callId) found = event;
      return false;
    });
    return found;
  }

  /** Visits the logged events with seq in [fromSeq, beforeSeq), validated, in order (the log read once, from `fromSeq`). */
  async readLogged(fromSeq: number, beforeSeq: number, visit: (event: SessionEvent) => void): Promise<void> {
    await this.index.catchUp();
    await this.index.readRange(fromSeq, beforeSeq, (event) => {
      visit(event);
      return true;
    });
  }

  /** Sends `range` as history frames through `emit`; stops early when emit says so. */
  async send(range: HistoryRange, emit: EmitFrame): Promise<void> {
    if (range.fromSeq >= range.beforeSeq) return;
    const held = this.items?.itemsIn(range.fromSeq, range.beforeSeq);
    if (held) return sendItems(held, new HistoryBatcher(this.sessionId), emit);
    await this.index.catchUp();
    // A fresh computer per read: views come from the log alone, like a replay after restart.
    const views = new ViewComputer(this.presenters);
    const batcher = new HistoryBatcher(this.sessionId);
    let more = true;
    await this.index.readRange(range.fromSeq, range.beforeSeq, async (event) => {
      // The call may lie before the range: the index finds it. Only for the call's first result,
      // as live delivery (ViewComputer lets go of a call's args at its result).
      if (event.type === 'tool/result' && !views.holds(event.data.callId) && (await this.index.firstResultSeqOf(event.data.callId)) === event.seq) {
        const call = await this.index.callOf(event.data.callId);
        if (call !== undefined && call.seq < event.seq) views.remember(call);
      }
      const frame = batcher.add(JSON.stringify(historyItem(event, views.viewFor(event))));
      if (frame) more = await emit(frame);
      return more;
    });
    const last = more ? batcher.flush() : undefined;
    if (last) await emit(last);
  }
}

async function sendItems(items: readonly string[], batcher: HistoryBatcher, emit: EmitFrame): Promise<void> {
  for (const item of items) {
    const frame = batcher.add(item);
    if (frame && !(await emit(frame))) return;
  }
  const last = batcher.flush();
  if (last) await emit(last);
}

export function subscribedFrame(header: SessionHeader, range: HistoryRange): OutboundFrame {
  return outbound({ type: 'subscribed', sessionId: header.id, header, fromSeq: range.fromSeq, lastSeq: range.beforeSeq - 1 });
}

export function historyEndFrame(sessionId: string, range: HistoryRange): OutboundFrame {
  return outbound({ type: 'history-end', sessionId, fromSeq: range.fromSeq, beforeSeq: range.beforeSeq });
}
