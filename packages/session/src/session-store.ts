import { access, mkdir, rm } from 'node:fs/promises';
import { SESSION_LOG_VERSION, type SessionEvent, type SessionHeader, type SessionSource, type SessionSummary } from '@toolcards/protocol';
import {
  assertSessionId,
  dataDirLayout,
  isSessionId,
  newSessionId,
  sessionLogPath,
  sessionSpillDir,
  type DataDirLayout,
} from './data-dir';
import { readSessionHeader, replaySessionLog, type ReplayReport, type ReplayVisitor } from './replay';
import { LazySessionLog, logEndOf } from './lazy-session-log';
import { LogSeqIndex } from './log-seq-index';
import { readLogTail, type LogTailOptions } from './log-tail';
import { SessionIndex } from './session-index';
import { SessionLog } from './session-log';
import { foldSummary, startSummary, type CallTitle, type SummaryState } from './session-summary';

export class UnknownSessionError extends Error {
  override readonly name = 'UnknownSessionError';
  constructor(readonly id: string) {
    super(`no session ${JSON.stringify(id.slice(0, 80))}`);
  }
}

export interface SessionStoreOptions {
  dataDir: string;
  /** Title of a session that starts with a tool call. */
  callTitle?: CallTitle;
  /** Diagnostics: unreadable logs, index write failures. */
  onProblem?: (message: string) => void;
  indexPersistDelayMs?: number;
}

export interface WritableSession {
  log: SessionLog;
  /** What reopening found (problems, torn tail); absent for a new session. */
  report?: ReplayReport;
}

/**
 * The data directory as a whole: creates and reopens session logs, replays
 * them, lists them through the index. Every id is validated before it becomes
 * a path.
 */
export class SessionStore {
  private constructor(
    readonly layout: DataDirLayout,
    readonly index: SessionIndex,
    private readonly options: SessionStoreOptions,
  ) {}

  static async open(options: SessionStoreOptions): Promise<SessionStore> {
    const layout = dataDirLayout(options.dataDir);
    // 0700: logs hold file contents from the workspace.
    await mkdir(layout.sessionsDir, { recursive: true, mode: 0o700 });
    await mkdir(layout.spillRoot, { recursive: true, mode: 0o700 });
    const index = await SessionIndex.load(layout, {
      ...(options.callTitle ? { callTitle: options.callTitle } : {}),
      ...(options.onProblem ? { onProblem: options.onProblem } : {}),
      ...(options.indexPersistDelayMs === undefined ? {} : { persistDelayMs: options.indexPersistDelayMs }),
    });
    return new SessionStore(layout, index, options);
  }

  /** A new, empty session on `cwd`, with its writer open. */
  async create(cwd: string, now: Date = new Date()): Promise<WritableSession> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return this.createWithId(newSessionId(now), cwd, now);
      } catch (error) {
        // 24 random bits per second: a clash is rare, retrying is cheap.
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 5) throw error;
      }
    }
  }

  /**
   * A new session mirroring another agent's transcript, under the id the mirror derived
   * from it (stable across restarts), with its writer open. Throws EEXIST if it exists.
   */
  createMirror(mirror: { id: string; cwd: string; createdAt: string; source: Exclude<SessionSource, 'toolcards'>; transcript: string; parent?: string }): WritableSession {
    return this.createWithHeader({ type: 'session', version: SESSION_LOG_VERSION, ...mirror, id: assertSessionId(mirror.id) });
  }

  /** Deletes a session's log and spilled results (a mirror whose transcript was replaced is built again). Its writer must be closed. */
  async remove(id: string): Promise<void> {
    await rm(sessionLogPath(this.layout, id), { force: true });
    await rm(sessionSpillDir(this.layout, id), { recursive: true, force: true });
  }

  private createWithId(id: string, cwd: string, now: Date): WritableSession {
    return this.createWithHeader({ type: 'session', version: SESSION_LOG_VERSION, id, cwd, createdAt: now.toISOString() });
  }

  private createWithHeader(header: SessionHeader): WritableSession {
    let state = startSummary(header);
    const log = SessionLog.create(sessionLogPath(this.layout, header.id), header, {
      onAppend: (event, size) => {
        state = foldSummary(state, event, this.options.callTitle);
        this.index.record(state, size);
      },
      onClose: () => this.index.writerClosed(header.id),
    });
    this.index.record(state, log.sizeBytes);
    return { log };
  }

  /** Reopens an existing session for appending (replaying it once to learn where it ends; `visit` sees each event). */
  async openWritable(id: string, visit?: (event: SessionEvent) => void): Promise<WritableSession> {
    const path = await this.existingLogPath(id);
    let state: SummaryState | undefined;
    const { log, report } = await SessionLog.open(
      path,
      {
        onAppend: (event, size) => {
          state = foldSummary(state ?? startSummary(log.header), event, this.options.callTitle);
          this.index.record(state, size);
        },
        onClose: () => this.index.writerClosed(id),
      },
      (event, header) => {
        state = foldSummary(state ?? startSummary(header), event, this.options.callTitle);
        visit?.(event);
      },
    );
    state ??= startSummary(report.header);
    this.index.record(state, log.sizeBytes);
    return { log, report };
  }

  /**
   * Opens an existing session for viewing: one read-only replay (`visit` sees
   * each event), no writer lock. The writer lock is taken by the first append.
   */
  async openLazily(id: string, visit?: (event: SessionEvent) => void): Promise<{ log: LazySessionLog; report: ReplayReport; index: LogSeqIndex }> {
    const path = await this.existingLogPath(id);
    let state: SummaryState | undefined;
    // The one read of the log on open also indexes it, for history reads later.
    const index = new LogSeqIndex(path);
    const report = await replaySessionLog(path, (event, header, line) => {
      state = foldSummary(state ?? startSummary(header), event, this.options.callTitle);
      index.seed(event, line);
      visit?.(event);
    });
    index.seeded(report);
    let summary = state ?? startSummary(report.header);
    const log = LazySessionLog.readOnly(path, logEndOf(report), {
      onAppend: (event, size) => {
        summary = foldSummary(summary, event, this.options.callTitle);
        this.index.record(summary, size);
      },
      onClose: () => this.index.writerClosed(id),
    });
    return { log, report, index };
  }

  /**
   * Opens an existing session for viewing from its tail: the header and the end of the log
   * are read (a window of at least `minEvents` events), so the last screenful can be served
   * before the rest is read. `whole()` replays the log from the start (once, however often
   * it is called: by the caller, or by the index when a reader needs the head), as `openLazily`
   * does (`visit` sees each event, the index learns the head, the summary is folded), and
   * resolves with the replay's report; nothing may be appended before it resolves, since the
   * state of the session (open calls, views) needs every event. A log whose end cannot be
   * judged from a window falls back to `openLazily` (then `whole()` is already settled).
   */
  async openFromTail(
    id: string,
    visit?: (event: SessionEvent) => void,
    options?: LogTailOptions,
    /** Told when the replay from the start has visited every event (true) or failed (false). */
    replayEnded?: (complete: boolean) => void,
  ): Promise<{ log: LazySessionLog; index: LogSeqIndex; whole: () => Promise<ReplayReport> }> {
    const path = await this.existingLogPath(id);
    const tail = await readLogTail(path, options);
    if (tail === undefined) {
      const opened = await this.openLazily(id, visit);
      replayEnded?.(true);
      return { log: opened.log, index: opened.index, whole: () => Promise.resolve(opened.report) };
    }
    let replay: Promise<ReplayReport> | undefined;
    const whole = (): Promise<ReplayReport> => {
      if (replay) return replay;
      replay = replayWhole();
      // Whoever started it may not wait for it (the index asked for the head); the caller of `whole` sees a failure.
      replay.then(
        () => replayEnded?.(true),
        () => {
          index.headUnreadable();
          replayEnded?.(false);
        },
      );
      return replay;
    };
    const index = LogSeqIndex.fromTail(path, tail, () => void whole());
    let summary: SummaryState | undefined;
    const log = LazySessionLog.readOnly(path, tail.end, {
      onAppend: (event, size) => {
        summary = foldSummary(summary ?? startSummary(tail.header), event, this.options.callTitle);
        this.index.record(summary, size);
      },
      onClose: () => this.index.writerClosed(id),
    });
    const replayWhole = async (): Promise<ReplayReport> => {
      let state: SummaryState | undefined;
      const report = await replaySessionLog(path, (event, header, line) => {
        state = foldSummary(state ?? startSummary(header), event, this.options.callTitle);
        // A tail that reached the header indexed the whole log already.
        if (!index.whole) index.seed(event, line);
        visit?.(event);
      });
      if (!index.whole) index.seeded(report);
      summary = state;
      return report;
    };
    return { log, index, whole };
  }

  async exists(id: string): Promise<boolean> {
    if (!isSessionId(id)) return false;
    try {
      await access(sessionLogPath(this.layout, id));
      return true;
    } catch {
      return false;
    }
  }

  async header(id: string): Promise<SessionHeader> {
    return readSessionHeader(await this.existingLogPath(id));
  }

  /** Reads a session's events in order (see replaySessionLog). */
  async replay(id: string, visit?: ReplayVisitor): Promise<ReplayReport> {
    return replaySessionLog(await this.existingLogPath(id), visit);
  }

  list(filter: { cwd?: string } = {}): Promise<SessionSummary[]> {
    return this.index.list(filter);
  }

  logPath(id: string): string {
    return sessionLogPath(this.layout, id);
  }

  /** Per-session folder for spilled full results. */
  spillDir(id: string): string {
    return sessionSpillDir(this.layout, id);
  }

  async close(): Promise<void> {
    await this.index.flush();
  }

  private async existingLogPath(id: string): Promise<string> {
    if (!(await this.exists(id))) throw new UnknownSessionError(id);
    return sessionLogPath(this.layout, id);
  }
}
