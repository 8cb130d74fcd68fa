import {
  coverageMetaFromMeta,
  MAX_GREP_LINES_LISTED,
  type FileCard,
  type FileSeen,
  type FileTouch,
  type SeenLineRange,
  type SessionEvent,
  type ToolResultEvent,
} from '@toolcards/protocol';
import { linesWithin, percentSeen, runsOfLines, withLineRange } from './coverage-merge';

/** What the session did with one file so far. */
interface FileTouches {
  ranges: SeenLineRange[];
  reads: number;
  totalLines: number;
  latestReadCallId: string | undefined;
  grepLines: Set<number>;
  grepSearches: number;
  grepCapped: boolean;
  listings: number;
  /** Result seqs of the cards that touched it, ascending (a card is in `FilesSeenFold.cards`). */
  cardSeqs: number[];
}

/**
 * Folds a session's events, in seq order, into what each file was shown: read windows
 * (only the lines each held), grep matches, glob listings, and the cards that did it. Pure:
 * the caller feeds it events from the log, so a replay and a live session fold the same
 * events into the same answer. Results are known by their meta's shape (coverageMetaFromMeta),
 * not by tool name; errors and metas that do not narrow touch nothing.
 */
export class FilesSeenFold {
  private readonly files = new Map<string, FileTouches>();
  /** Call seq of each call whose result has not been folded yet. */
  private readonly openCalls = new Map<string, number>();
  /** Every card that touched a file, by its result's seq. */
  private readonly cards = new Map<number, FileCard>();
  private lastSeq = -1;

  /** The seq of the last event folded (-1: none). */
  get throughSeq(): number {
    return this.lastSeq;
  }

  /** Folds one event; an event at or before `throughSeq` was folded already and is ignored. */
  observe(event: SessionEvent): void {
    if (event.seq <= this.lastSeq) return;
    this.lastSeq = event.seq;
    switch (event.type) {
      case 'tool/call':
        this.openCalls.set(event.data.callId, event.seq);
        return;
      case 'tool/result':
        return this.observeResult(event);
      case 'user/message':
      case 'assistant/text':
      case 'turn/end':
        return;
    }
  }

  /** The log up to `seq` was read (lines it could not read included): the answer covers it. */
  coverThrough(seq: number): void {
    this.lastSeq = Math.max(this.lastSeq, seq);
  }

  /** Every file touched by a result after `afterSeq` (all of them by default), sorted by path. */
  list(afterSeq = -1): FileSeen[] {
    const paths = [...this.files.entries()].filter(([, touches]) => touches.cardSeqs[touches.cardSeqs.length - 1]! > afterSeq).map(([path]) => path);
    return paths.sort(byCodeUnits).map((path) => this.fileSeen(path));
  }

  /** One file with every card that touched it, in log order; undefined when the session never touched it. */
  cardsOf(path: string): (FileSeen & { cards: FileCard[] }) | undefined {
    const touches = this.files.get(path);
    return touches === undefined ? undefined : { ...this.fileSeen(path), cards: touches.cardSeqs.map((seq) => this.cards.get(seq)!) };
  }

  private observeResult(event: ToolResultEvent): void {
    const { callId, isError, meta } = event.data;
    const callSeq = this.openCalls.get(callId);
    this.openCalls.delete(callId);
    if (isError || meta === undefined) return;
    const card = (touch: FileTouch): FileCard => ({ callId, touch, ...(callSeq === undefined ? {} : { callSeq }), resultSeq: event.seq });
    const touched = coverageMetaFromMeta(meta);
    if (touched === undefined) return;
    switch (touched.shape) {
      case 'read': {
        const touches = this.touch(touched.path, event.seq);
        for (const run of runsOfLines(touched.lines.map((line) => line.number))) touches.ranges = withLineRange(touches.ranges, run);
        touches.reads += 1;
        touches.totalLines = touched.totalLines;
        touches.latestReadCallId = callId;
        const first = touched.lines[0];
        const last = touched.lines[touched.lines.length - 1];
        this.cards.set(event.seq, first && last ? { ...card('read'), window: [first.number, last.number] } : card('read'));
        return;
      }
      case 'matches':
        for (const file of touched.files) {
          const touches = this.touch(file.path, event.seq);
          for (const match of file.matches) touches.grepLines.add(match.lineNumber);
          touches.grepSearches += 1;
          // A capped result kept a page of the matches: this file may have had more.
          touches.grepCapped ||= touched.truncated;
        }
        if (touched.files.length > 0) this.cards.set(event.seq, card('matches'));
        return;
      case 'paths':
        for (const path of new Set(touched.paths)) this.touch(path, event.seq).listings += 1;
        if (touched.paths.length > 0) this.cards.set(event.seq, card('paths'));
        return;
    }
  }

  /** The file's record, with this result's card noted once. */
  private touch(path: string, resultSeq: number): FileTouches {
    let touches = this.files.get(path);
    if (touches === undefined) {
      touches = { ranges: [], reads: 0, totalLines: 0, latestReadCallId: undefined, grepLines: new Set(), grepSearches: 0, grepCapped: false, listings: 0, cardSeqs: [] };
      this.files.set(path, touches);
    }
    if (touches.cardSeqs[touches.cardSeqs.length - 1] !== resultSeq) touches.cardSeqs.push(resultSeq);
    return touches;
  }

  private fileSeen(path: string): FileSeen {
    const touches = this.files.get(path)!;
    const seen: FileSeen = { path, cardCount: touches.cardSeqs.length };
    if (touches.latestReadCallId !== undefined) {
      const linesSeen = linesWithin(touches.ranges, touches.totalLines);
      seen.read = {
        ranges: touches.ranges,
        linesSeen,
        totalLines: touches.totalLines,
        percentSeen: percentSeen(linesSeen, touches.totalLines),
        reads: touches.reads,
        latestCallId: touches.latestReadCallId,
      };
    }
    if (touches.grepSearches > 0) {
      const lines = [...touches.grepLines].sort((a, b) => a - b);
      seen.grep = { hits: lines.length, capped: touches.grepCapped, searches: touches.grepSearches, lines: lines.slice(0, MAX_GREP_LINES_LISTED) };
    }
    if (touches.listings > 0) seen.glob = { listings: touches.listings };
    return seen;
  }
}

/** Paths in a fixed order whatever the locale. */
function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
