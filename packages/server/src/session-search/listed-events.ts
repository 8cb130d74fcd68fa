import { open, type FileHandle } from 'node:fs/promises';
import { parsedSessionEventSchema, type SessionEvent } from '@toolcards/protocol';
import { eventSkeleton } from './json-line-skeleton';
import type { LocatedLine } from './located-line';
import { LogLineReader, type LogLine } from './log-line-reader';

/** A listed event longer than this is not read: it is counted in `more`, never held whole. */
const MAX_EVENT_BYTES = 4 * 1024 * 1024;
/** Of a listed event, this much of its line is kept to place the match in: the snippet of a match further in is its first line, unmarked. */
const RETAINED_LINE_BYTES = 128 * 1024;
/** Logs read back at once: the reads wait on the disk or the page cache, not on the server's thread. */
const LOGS_READ_AT_ONCE = 4;

/** One listed event of a session, read back from its log. */
export interface ListedEvent {
  located: LocatedLine;
  event: SessionEvent;
  /** Its logged line, or the first RETAINED_LINE_BYTES of it. */
  line: Buffer;
}

/** The located lines of each log read back into their events, a few logs at once; nothing more is read past `deadline`. */
export function readListedEvents(logs: readonly { file: string; lines: readonly LocatedLine[] }[], deadline: number): Promise<{ events: ListedEvent[]; malformed: number }[]> {
  const readers = Array.from({ length: LOGS_READ_AT_ONCE }, () => new LogLineReader(MAX_EVENT_BYTES));
  return inTurns(logs, readers, ({ file, lines }, reader) => readEvents(reader, file, lines, deadline));
}

/**
 * The located lines of one log, read back and parsed into their events. A torn or malformed
 * line is not an event (`malformed` of them); an event over MAX_EVENT_BYTES is left out of
 * the list but stays counted in `more`.
 */
export async function readEvents(reader: LogLineReader, file: string, lines: readonly LocatedLine[], deadline: number): Promise<{ events: ListedEvent[]; malformed: number }> {
  const events: ListedEvent[] = [];
  let malformed = 0;
  if (lines.length === 0) return { events, malformed };
  let handle: FileHandle;
  try {
    handle = await open(file, 'r');
  } catch {
    // The log went away since ripgrep read it: its lines are no events to list.
    return { events, malformed: lines.length };
  }
  try {
    const { size } = await handle.stat();
    for (const located of lines) {
      if (Date.now() >= deadline) break;
      const event = await eventAt(await reader.lineAt(handle, size, located.lineOffset));
      if (event === 'malformed') malformed += 1;
      else if (event !== 'too-large') events.push({ located, ...event });
    }
    return { events, malformed };
  } finally {
    await handle.close();
  }
}

function eventAt(line: LogLine): { event: SessionEvent; line: Buffer } | 'malformed' | 'too-large' {
  if (!line.whole) return 'too-large';
  let parsed: unknown;
  try {
    // Long texts cut: the event is parsed for its label; its text is placed from the raw line.
    parsed = JSON.parse(eventSkeleton(line.bytes).toString('utf8'));
  } catch {
    // A torn last line.
    return 'malformed';
  }
  const narrowed = parsedSessionEventSchema.safeParse(parsed);
  if (!narrowed.success) return 'malformed';
  // A copy (the reader's buffer serves the next line), and never the rest of a long line.
  return { event: narrowed.data, line: Buffer.from(line.bytes.subarray(0, RETAINED_LINE_BYTES)) };
}

/** `work` over every item, one worker per tool (each uses its own the whole time); the results in the items' order. */
async function inTurns<Item, Tool, Result>(items: readonly Item[], tools: readonly Tool[], work: (item: Item, tool: Tool) => Promise<Result>): Promise<Result[]> {
  const results: Result[] = new Array(items.length);
  let next = 0;
  const worker = async (tool: Tool) => {
    for (let index = next++; index < items.length; index = next++) results[index] = await work(items[index]!, tool);
  };
  await Promise.all(tools.slice(0, items.length).map(worker));
  return results;
}

