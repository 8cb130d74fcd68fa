import path from 'node:path';
import { sessionIdSchema } from '@toolcards/protocol';

/** A log line ripgrep found a match on, without its text: where it is. */
export interface LocatedLine {
  sessionId: string;
  /** 1-based; line 1 is the log's header, never an event. */
  lineNumber: number;
  /** Byte offset of the line in its log. */
  lineOffset: number;
}

const NUL = 0;
const LOCATION = /^(\d+):(\d+):/;

/**
 * One record of the locate pass (`path NUL line:offset:[Omitted long matching line]`) → the
 * line it names; a record of a file that is not a session log → undefined. Pure.
 */
export function locatedLineOf(record: Buffer, sessionsDir: string): LocatedLine | undefined {
  const nul = record.indexOf(NUL);
  if (nul === -1) return undefined;
  const sessionId = sessionIdOfLog(record.toString('utf8', 0, nul), sessionsDir);
  if (sessionId === undefined) return undefined;
  // The rest is a few dozen bytes: `--max-columns=1` stands in for the line's text.
  const location = LOCATION.exec(record.toString('utf8', nul + 1, Math.min(record.length, nul + 1 + 64)));
  if (!location) return undefined;
  return { sessionId, lineNumber: Number(location[1]), lineOffset: Number(location[2]) };
}

/** One record of the count pass (`path NUL count`) → its session and how many of its lines matched. Pure. */
export function lineCountOf(record: Buffer, sessionsDir: string): { sessionId: string; lines: number } | undefined {
  const nul = record.indexOf(NUL);
  if (nul === -1) return undefined;
  const sessionId = sessionIdOfLog(record.toString('utf8', 0, nul), sessionsDir);
  const count = record.toString('utf8', nul + 1);
  return sessionId !== undefined && /^\d+$/.test(count) ? { sessionId, lines: Number(count) } : undefined;
}

/**
 * `<sessionsDir>/<id>.jsonl` → the id; a file in a subfolder or of another name → undefined.
 * ripgrep prints each path as it was given (the folder joined with the name), so a prefix
 * test is enough; each log's records come several at a time, so its answer is kept.
 */
export function sessionIdOfLog(file: string, sessionsDir: string): string | undefined {
  if (lastLog.file === file && lastLog.dir === sessionsDir) return lastLog.id;
  const prefix = sessionsDir.endsWith(path.sep) ? sessionsDir : `${sessionsDir}${path.sep}`;
  const name = file.startsWith(prefix) ? file.slice(prefix.length) : path.relative(sessionsDir, path.resolve(sessionsDir, file));
  const id = name.endsWith('.jsonl') && !name.includes(path.sep) ? name.slice(0, -'.jsonl'.length) : undefined;
  lastLog = { file, dir: sessionsDir, id: id !== undefined && sessionIdSchema.safeParse(id).success ? id : undefined };
  return lastLog.id;
}

let lastLog: { file: string; dir: string; id: string | undefined } = { file: '', dir: '', id: undefined };
