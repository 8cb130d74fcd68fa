import { randomBytes } from 'node:crypto';
import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { sessionIdSchema } from '@toolcards/protocol';

/**
 * Where sessions live on disk:
 *
 *   <root>/sessions/<id>.jsonl       the append-only log
 *   <root>/sessions/<id>.jsonl.lock  held by the one process writing it
 *   <root>/spill/<id>/               full results of capped tool calls
 *   <root>/index.json                cached session summaries
 */
export interface DataDirLayout {
  root: string;
  sessionsDir: string;
  spillRoot: string;
  indexPath: string;
}

export const DATA_DIR_ENV = 'TOOLCARDS_HOME';
export const LOG_EXTENSION = '.jsonl';

/** --data-dir wins, then $TOOLCARDS_HOME, then ~/.toolcards. `~/` is expanded in both. */
export function resolveDataDir(input: {
  flag?: string | undefined;
  env: Record<string, string | undefined>;
  cwd: string;
  homeDir?: string;
}): string {
  const home = input.homeDir ?? homedir();
  const chosen = input.flag ?? nonEmpty(input.env[DATA_DIR_ENV]) ?? join(home, '.toolcards');
  const expanded = chosen === '~' ? home : chosen.startsWith('~/') ? join(home, chosen.slice(2)) : chosen;
  return isAbsolute(expanded) ? expanded : resolve(input.cwd, expanded);
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}

export function dataDirLayout(root: string): DataDirLayout {
  return {
    root,
    sessionsDir: join(root, 'sessions'),
    spillRoot: join(root, 'spill'),
    indexPath: join(root, 'index.json'),
  };
}

export class InvalidSessionIdError extends Error {
  override readonly name = 'InvalidSessionIdError';
  constructor(readonly id: string) {
    super(`not a session id: ${JSON.stringify(id.slice(0, 80))} (1–64 letters, digits, "_" or "-")`);
  }
}

/** The only way an id becomes a path: validated first, so no id can name anything outside the data dir. */
export function assertSessionId(id: string): string {
  if (!sessionIdSchema.safeParse(id).success) throw new InvalidSessionIdError(id);
  return id;
}

export function isSessionId(id: unknown): id is string {
  return sessionIdSchema.safeParse(id).success;
}

export function sessionLogPath(layout: DataDirLayout, id: string): string {
  return join(layout.sessionsDir, assertSessionId(id) + LOG_EXTENSION);
}

export function sessionSpillDir(layout: DataDirLayout, id: string): string {
  return join(layout.spillRoot, assertSessionId(id));
}

/** The id of a log file name, or undefined for anything else in the folder. */
export function sessionIdFromLogName(name: string): string | undefined {
  if (!name.endsWith(LOG_EXTENSION)) return undefined;
  const id = name.slice(0, -LOG_EXTENSION.length);
  return isSessionId(id) ? id : undefined;
}

/** Sortable by creation time (UTC), unique by 6 random hex digits: `20250101-120000-1a2b3c`. */
export function newSessionId(now: Date = new Date(), random: (size: number) => Buffer = randomBytes): string {
  const iso = now.toISOString(); // 2025-01-01T12:00:00.000Z
  const day = iso.slice(0, 10).replaceAll('-', '');
  const time = iso.slice(11, 19).replaceAll(':', '');
  return `${day}-${time}-${random(3).toString('hex')}`;
}
