import type { SessionEvent, SessionHeader } from '@toolcards/protocol';
import { parseEventLine, parseHeaderLine, seqOrder } from './log-entries';
import { readLogLines, type LogLine } from './log-lines';

/** A line that could not be replayed, by 1-based line number. */
export interface LogProblem {
  line: number;
  message: string;
}

export interface ReplayReport {
  header: SessionHeader;
  /** Highest accepted seq; -1 when the session has no events. */
  lastSeq: number;
  eventCount: number;
  /** Corrupt or out-of-order lines, skipped; the rest still replayed. */
  problems: LogProblem[];
  /** A last line cut short by a crash mid-write: skipped, not a problem. */
  tornTail?: LogProblem;
  /** Bytes of complete content: a writer truncates anything after this. */
  completeBytes: number;
  /** Bytes read, torn tail included (where the file ended for this replay). */
  readBytes: number;
  /** The last event is complete but its newline was never written. */
  missingNewline: boolean;
  /** The visitor stopped the replay before the end of the file. */
  stoppedEarly: boolean;
}

export class SessionLogUnreadableError extends Error {
  override readonly name = 'SessionLogUnreadableError';
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(`session log ${path} cannot be opened: ${reason}`);
  }
}

/** Called per accepted event in order, with the line it was read from; return `false` to stop reading. */
export type ReplayVisitor = (event: SessionEvent, header: SessionHeader, line: LogLine) => void | boolean | Promise<void | boolean>;

/**
 * Reads a session log from the start. Never fails on a bad event line: a torn
 * last line is skipped silently (expected after a crash), any other bad line is
 * recorded in `problems` with its line number and the replay goes on. Only a
 * missing or unreadable header makes the whole log unreadable.
 */
export async function replaySessionLog(path: string, visit?: ReplayVisitor): Promise<ReplayReport> {
  let header: SessionHeader | undefined;
  let lastSeq = -1;
  let eventCount = 0;
  let completeBytes = 0;
  let readBytes = 0;
  let missingNewline = false;
  let tornTail: LogProblem | undefined;
  const problems: LogProblem[] = [];

  const lines = readLogLines(path);
  try {
    for await (const line of lines) {
      readBytes = line.end;
      if (header === undefined) {
        const parsed = parseHeaderLine(line.text);
        if (!parsed.ok) throw new SessionLogUnreadableError(path, `line 1: ${line.terminated ? parsed.message : 'header was never completely written'}`);
        header = parsed.value;
        completeBytes = line.end;
        missingNewline = !line.terminated;
        continue;
      }
      if (line.text.trim() === '') {
        if (line.terminated) completeBytes = line.end;
        continue;
      }
      const parsed = parseEventLine(line.text);
      if (!parsed.ok) {
        if (line.terminated) {
          problems.push({ line: line.number, message: parsed.message });
          completeBytes = line.end;
        } else {
          tornTail = { line: line.number, message: `last line was cut short (${parsed.message})` };
        }
        continue;
      }
      completeBytes = line.end;
      missingNewline = !line.terminated;
      const event = parsed.value;
      const order = seqOrder(lastSeq, event.seq);
      if (order === 'stale') {
        problems.push({ line: line.number, message: `seq ${event.seq} does not follow seq ${lastSeq}; skipped as a duplicate` });
        continue;
      }
      if (order === 'gap') {
        problems.push({ line: line.number, message: `seq jumps from ${lastSeq} to ${event.seq}; events in between are missing` });
      }
      lastSeq = event.seq;
      eventCount += 1;
      if (visit) {
        const verdict = visit(event, header, line);
        const resolved = verdict instanceof Promise ? await verdict : verdict;
        if (resolved === false) {
          return { header, lastSeq, eventCount, problems, completeBytes, readBytes, missingNewline, stoppedEarly: true, ...(tornTail ? { tornTail } : {}) };
        }
      }
    }
  } finally {
    await lines.return(undefined);
  }
  if (header === undefined) throw new SessionLogUnreadableError(path, 'the file is empty');
  return { header, lastSeq, eventCount, problems, completeBytes, readBytes, missingNewline, stoppedEarly: false, ...(tornTail ? { tornTail } : {}) };
}

/** Just the header (first line), without reading the rest. */
export async function readSessionHeader(path: string): Promise<SessionHeader> {
  const lines = readLogLines(path);
  try {
    const first = await lines.next();
    if (first.done) throw new SessionLogUnreadableError(path, 'the file is empty');
    const parsed = parseHeaderLine(first.value.text);
    if (!parsed.ok) throw new SessionLogUnreadableError(path, `line 1: ${parsed.message}`);
    return parsed.value;
  } finally {
    await lines.return(undefined);
  }
}
