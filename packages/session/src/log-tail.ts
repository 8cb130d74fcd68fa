import { open } from 'node:fs/promises';
import type { SessionEvent, SessionHeader } from '@toolcards/protocol';
import { parseEventLine, parseHeaderLine, seqOrder } from './log-entries';
import { readLogLines, type LogLine } from './log-lines';
import type { LogEnd } from './session-log';

/** The end of a log, read without its head: enough to serve the last screenful and to start appending. */
export interface LogTail {
  header: SessionHeader;
  /** Byte offset of the first line read (just past the header when `reachedHead`). */
  start: number;
  /** The accepted events of the window, in order, with their lines. */
  events: { event: SessionEvent; line: LogLine }[];
  /** Where the log ends, as a full replay would report it. */
  end: LogEnd;
  /** The window starts right after the header: this is the whole log. */
  reachedHead: boolean;
}

export interface LogTailOptions {
  /** Read back until the window holds this many events (or `maxBytes`, or the header). */
  minEvents?: number;
  maxBytes?: number;
  /** The first window (it doubles from there); default 256 KiB. */
  firstWindowBytes?: number;
}

/** Enough for a 200-event tail widened to keep its results' calls (2 × 200), with room. */
const DEFAULT_MIN_EVENTS = 512;
const DEFAULT_MAX_BYTES = 16 * 1024 * 1024;
/** 512 events of a mirrored transcript fit in about 200 KiB: a larger first window parsed five times the events the tail needs. */
const FIRST_WINDOW_BYTES = 256 * 1024;
const NEWLINE = 0x0a;

/**
 * Reads a session log from its end: the header, then windows that double from 256 KiB until
 * they hold `minEvents` events. Lines are judged as a replay judges them (a torn last line is
 * not an event, a complete last event without its newline is), so `end` is what a full replay
 * would report. Undefined when the window found no event before `maxBytes`: then only a full
 * replay knows where the log ends. Throws SessionLogUnreadableError as a replay would (via the
 * header) — the caller falls back to a full replay for anything it cannot judge.
 */
export async function readLogTail(path: string, options: LogTailOptions = {}): Promise<LogTail | undefined> {
  const minEvents = options.minEvents ?? DEFAULT_MIN_EVENTS;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const file = await open(path, 'r');
  try {
    const size = (await file.stat()).size;
    const headerLine = await firstLine(path);
    if (headerLine === undefined || !headerLine.terminated) return undefined;
    const parsedHeader = parseHeaderLine(headerLine.text);
    if (!parsedHeader.ok) return undefined;
    const header = parsedHeader.value;
    // Each wider window reads only what lies before the last one: the log is read once, backwards.
    let stop = size;
    let older: { event: SessionEvent; line: LogLine }[] = [];
    let last: LogTail | undefined;
    for (let window = options.firstWindowBytes ?? FIRST_WINDOW_BYTES; ; window *= 2) {
      const from = Math.max(headerLine.end, size - window);
      const start = from === headerLine.end ? from : await nextLineStart(file, from, size);
      const part = await judgeWindow(path, header, Math.min(start, stop), stop, start <= headerLine.end, headerLine.end);
      if (last === undefined) last = part;
      older = [...part.events, ...older];
      stop = Math.min(start, stop);
      const events = withoutStale(older);
      const tail: LogTail = { header, start: stop, events, end: { ...last.end, lastSeq: events.at(-1)?.event.seq ?? -1 }, reachedHead: part.reachedHead };
      if (events.length >= minEvents || tail.reachedHead) return tail;
      if (window >= maxBytes) return events.length > 0 ? tail : undefined;
    }
  } finally {
    await file.close();
  }
}

async function firstLine(path: string): Promise<LogLine | undefined> {
  const lines = readLogLines(path);
  try {
    const first = await lines.next();
    return first.done ? undefined : first.value;
  } finally {
    await lines.return(undefined);
  }
}

/** The offset just past the first newline at or after `from` (`size` when there is none). */
async function nextLineStart(file: Awaited<ReturnType<typeof open>>, from: number, size: number): Promise<number> {
  const buffer = Buffer.alloc(64 * 1024);
  for (let at = from; at < size; ) {
    const { bytesRead } = await file.read(buffer, 0, buffer.length, at);
    if (bytesRead === 0) break;
    const newline = buffer.subarray(0, bytesRead).indexOf(NEWLINE);
    if (newline !== -1) return at + newline + 1;
    at += bytesRead;
  }
  return size;
}

/** The lines in [start, size) as replay.ts judges them (same rules for blank, corrupt, torn and stale lines). */
async function judgeWindow(path: string, header: SessionHeader, start: number, size: number, reachedHead: boolean, headerEnd: number): Promise<LogTail> {
  const events: { event: SessionEvent; line: LogLine }[] = [];
  let completeBytes = start === headerEnd ? headerEnd : start;
  let missingNewline = false;
  let readBytes = start;
  const lines = readLogLines(path, start);
  try {
    for await (const line of lines) {
      if (line.start >= size) break;
      readBytes = line.end;
      if (line.text.trim() === '') {
        if (line.terminated) completeBytes = line.end;
        continue;
      }
      const parsed = parseEventLine(line.text);
      if (!parsed.ok) {
        if (line.terminated) completeBytes = line.end;
        continue;
      }
      completeBytes = line.end;
      missingNewline = !line.terminated;
      // Offsets count from the file's start, line numbers do not matter here.
      events.push({ event: parsed.value, line });
    }
  } finally {
    await lines.return(undefined);
  }
  return { header, start, events, end: { header, lastSeq: -1, completeBytes, readBytes, missingNewline }, reachedHead };
}

/** Drops events whose seq does not follow the last one kept, as a replay skips duplicates. */
function withoutStale(events: { event: SessionEvent; line: LogLine }[]): { event: SessionEvent; line: LogLine }[] {
  const kept: { event: SessionEvent; line: LogLine }[] = [];
  for (const entry of events) {
    if (kept.length > 0 && seqOrder(kept.at(-1)!.event.seq, entry.event.seq) === 'stale') continue;
    kept.push(entry);
  }
  return kept;
}
