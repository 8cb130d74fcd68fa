import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { basename, dirname, relative, resolve, sep } from 'node:path';
import { createInterface } from 'node:readline';
import type { SessionEvent, SessionSource } from '@toolcards/protocol';
import type { ImportedSource, TranscriptImporter } from '@toolcards/importers';
import { dataDirLayout, isSessionId, readSessionHeader, replaySessionLog, sessionIdFromLogName, sessionLogPath, SessionLogUnreadableError } from '@toolcards/session';
import { importerFor } from '../agent-sessions/importer-for-source';
import { mirrorIdOf } from '../agent-sessions/mirror-id';
import { ExportError } from './export-error';

/** What an export reads: a session's events, from the start, streamed; `visit` returning false stops. */
export interface SessionEvents {
  sessionId: string;
  source: SessionSource;
  cwd: string;
  createdAt?: string;
  /** The agent's own title (a transcript's), when it gave one. */
  title?: string;
  /** A writer holds the log, or the transcript changed a moment ago: what is there is exported. */
  stillBeingWritten: boolean;
  read(visit: (event: SessionEvent) => boolean | Promise<boolean>): Promise<void>;
}

/** A writer refreshes its lock every 2 s (session/writer-lock.ts); one not refreshed for 15 s is gone. */
const LOCK_FRESH_MS = 15_000;
/** A transcript written to this recently is taken as still being written by its agent. */
const TRANSCRIPT_FRESH_MS = 60_000;
/** Lines of a transcript read to tell whose it is. */
const SNIFF_LINES = 40;

/** A session of the data dir, by id: the log is only read (no lock, no index written). */
export async function sessionEventsOf(dataDir: string, sessionId: string, busyHere?: boolean): Promise<SessionEvents> {
  if (!isSessionId(sessionId)) throw unknownSession(sessionId);
  const path = sessionLogPath(dataDirLayout(dataDir), sessionId);
  if (!(await isFile(path))) throw unknownSession(sessionId);
  return logEvents(path, sessionId, busyHere);
}

/**
 * A file given by path: a session log inside the data dir's sessions folder, or a Claude Code
 * or Codex transcript anywhere. A session log elsewhere is refused (an export reads the data
 * dir's sessions, not any file that looks like one), as is anything else.
 */
export async function fileEventsOf(dataDir: string, path: string, busyHere?: boolean): Promise<SessionEvents> {
  const full = resolve(path);
  if (!(await isFile(full))) throw new ExportError('NOT_A_TRANSCRIPT', `${path} is not a file: give a session id or the path of a Claude Code or Codex transcript`);
  if (await isSessionLog(full)) {
    const sessionsDir = dataDirLayout(resolve(dataDir)).sessionsDir;
    const id = sessionIdFromLogName(basename(full));
    if (id === undefined || !isInside(sessionsDir, full)) {
      throw new ExportError('PATH_OUTSIDE_DATA_DIR', `${path} is a toolcards session log outside the data dir (${sessionsDir}): export it by its id from the data dir it belongs to (--data-dir)`);
    }
    return logEvents(full, id, busyHere);
  }
  const source = await transcriptSource(full);
  if (!source) throw new ExportError('NOT_A_TRANSCRIPT', `${path} is neither a toolcards session log nor a Claude Code or Codex transcript`);
  return withTranscriptFacts(transcriptEvents(full, source), full);
}

/** `busyHere`: when this process holds the log's writer, whether it is writing now (a server exporting its own idle session is not "still being written"). */
async function logEvents(path: string, sessionId: string, busyHere?: boolean): Promise<SessionEvents> {
  let header;
  try {
    header = await readSessionHeader(path);
  } catch (error) {
    if (error instanceof SessionLogUnreadableError) throw new ExportError('NOT_A_TRANSCRIPT', `session ${sessionId} cannot be read: ${error.reason}`);
    throw error;
  }
  const source = header.source ?? 'toolcards';
  const stillBeingWritten = source === 'toolcards' || header.transcript === undefined ? await writerAtWork(`${path}.lock`, busyHere) : await recentlyWritten(header.transcript);
  return {
    sessionId,
    source,
    cwd: header.cwd,
    createdAt: header.createdAt,
    stillBeingWritten,
    read: async (visit) => {
      await replaySessionLog(path, (event) => visit(event));
    },
  };
}

function transcriptEvents(path: string, source: ImportedSource): SessionEvents {
  const createImporter = importerFor(source);
  return {
    sessionId: mirrorIdOf(source, path),
    source,
    cwd: '',
    stillBeingWritten: false,
    read: async (visit) => {
      const importer = createImporter();
      let seq = 0;
      await eachLine(path, async (line) => {
        for (const imported of importer.feedLine(line)) {
          const event = { ...imported.event, seq, time: imported.time } as SessionEvent;
          seq += 1;
          if ((await visit(event)) === false) return false;
        }
        return true;
      });
    },
  };
}

/** Reads the facts a transcript's head gives (cwd, start, title) and whether its agent still writes it. */
async function withTranscriptFacts(events: SessionEvents, path: string): Promise<SessionEvents> {
  if (events.source === 'toolcards') return events;
  const importer = importerFor(events.source)();
  await eachLine(path, (line) => {
    importer.feedLine(line);
    const facts = importer.facts();
    return facts.cwd === undefined || facts.createdAt === undefined || facts.title === undefined;
  }, 2_000);
  const facts = importer.facts();
  return {
    ...events,
    cwd: facts.cwd ?? dirname(path),
    ...(facts.createdAt ? { createdAt: facts.createdAt } : {}),
    ...(facts.title ? { title: facts.title } : {}),
    stillBeingWritten: await recentlyWritten(path),
  };
}

/** Whose transcript a file is: the importer that understands its first lines (events or facts), if any. */
async function transcriptSource(path: string): Promise<ImportedSource | undefined> {
  const scores = new Map<ImportedSource, { importer: TranscriptImporter; events: number }>(
    (['claude-code', 'codex'] as const).map((source) => [source, { importer: importerFor(source)(), events: 0 }]),
  );
  await eachLine(path, (line) => {
    for (const entry of scores.values()) entry.events += entry.importer.feedLine(line).length;
    return true;
  }, SNIFF_LINES);
  let best: { source: ImportedSource; score: number } | undefined;
  for (const [source, { importer, events }] of scores) {
    const facts = importer.facts();
    const score = events + (facts.agentSessionId ? 2 : 0) + (facts.cwd ? 1 : 0) - importer.notUnderstood().total;
    if ((events > 0 || facts.agentSessionId !== undefined) && score > (best?.score ?? 0)) best = { source, score };
  }
  return best?.source;
}

async function isSessionLog(path: string): Promise<boolean> {
  let first: string | undefined;
  await eachLine(path, (line) => {
    first = line;
    return false;
  }, 1);
  if (first === undefined) return false;
  try {
    const parsed = JSON.parse(first) as { type?: unknown; version?: unknown; id?: unknown };
    return parsed.type === 'session' && typeof parsed.id === 'string' && parsed.version !== undefined;
  } catch {
    return false;
  }
}

/** Each line of a file in order, streamed (a 2 GB transcript never sits in memory); `visit` false stops. */
async function eachLine(path: string, visit: (line: string) => boolean | Promise<boolean>, maxLines = Number.POSITIVE_INFINITY): Promise<void> {
  const stream = createReadStream(path, { encoding: 'utf8', highWaterMark: 1024 * 1024 });
  const lines = createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY });
  let count = 0;
  try {
    for await (const line of lines) {
      count += 1;
      if (line.trim() === '') continue;
      if ((await visit(line)) === false || count >= maxLines) break;
    }
  } finally {
    lines.close();
    stream.destroy();
  }
}

/** A writer holds the lock (refreshed lately); this process's own writer only while it is busy. */
async function writerAtWork(lockPath: string, busyHere: boolean | undefined): Promise<boolean> {
  try {
    if (Date.now() - (await stat(lockPath)).mtimeMs >= LOCK_FRESH_MS) return false;
    // The lock's record starts with its holder's pid (session/writer-lock-record.ts).
    const holder = Number.parseInt((await readFile(lockPath, 'utf8')).trim().split(/\s/)[0] ?? '', 10);
    return holder === process.pid && busyHere !== undefined ? busyHere : true;
  } catch {
    return false;
  }
}

async function recentlyWritten(path: string): Promise<boolean> {
  try {
    return Date.now() - (await stat(path)).mtimeMs < TRANSCRIPT_FRESH_MS;
  } catch {
    return false;
  }
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

function isInside(folder: string, path: string): boolean {
  const rel = relative(folder, path);
  return rel !== '' && !rel.startsWith('..') && !rel.includes(sep);
}

function unknownSession(id: string): ExportError {
  return new ExportError('UNKNOWN_SESSION', `no session ${JSON.stringify(id.slice(0, 80))} in the data dir: list them with the workbench, or give the path of a transcript`);
}
