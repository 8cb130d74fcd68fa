import { mkdir } from 'node:fs/promises';
import { isSessionId, LazySessionLog, SessionBusyError, UnknownSessionError, type LogSeqIndex, type ReplayReport, type SessionStore } from '@toolcards/session';
import type { SpillStore, ToolConfig, Workspace } from '@toolcards/tools';
import { FileWatches } from '../file-views/file-watches';
import { SessionFileViews, type FileViewTools } from '../file-views/session-file-views';
import { ShownFiles } from '../file-views/shown-files';
import { FilesSeenFold } from '../files-seen/files-seen-fold';
import { SessionFilesSeen, type ReplayedFold } from '../files-seen/session-files-seen';
import { HistoryItems } from './subscription/history-items';
import { LiveSession } from './live-session';
import type { ModelDriver } from '../model/model-driver';
import { ModelTurns } from './model-turns';
import type { DeliveryLimits } from './subscription/backpressure';
import { ToolRunner, type ExecuteTool, type ToolSlots } from './tool-runner';
import { UnfinishedWork } from './unfinished-work';
import { ViewComputer, type Presenters } from './view-computation';

/** What the server uses of @toolcards/tools (index.ts passes the real module; tests may pass fakes). */
export interface ToolsApi extends Presenters, FileViewTools {
  DEFAULT_TOOL_CONFIG: ToolConfig;
  runTool: ExecuteTool;
  createWorkspace(root: string, options?: { allowOutsideWorkspace?: boolean; extraReadableRoots?: string[] }): Promise<Workspace>;
  createSpillStore(dir: string): SpillStore;
}

/** A session open in this server, with what runs on it. */
export interface SessionRuntime {
  live: LiveSession;
  tools: ToolRunner;
  /** Absent when no model is configured. */
  turns: ModelTurns | undefined;
  /** Read-only looks at the session's files as they are now (lines, freshness). */
  files: SessionFileViews;
  /** The files its cards showed, folded from its log when asked. */
  seen: SessionFilesSeen;
}

export interface SessionRegistryDeps {
  store: SessionStore;
  tools: ToolsApi;
  toolConfig: ToolConfig;
  /** Real path of the folder tools run on (every session of this server). */
  workspaceRoot: string;
  allowOutsideWorkspace: boolean;
  driver: ModelDriver | undefined;
  limits: DeliveryLimits;
  /** The server's tool slots, shared by every session's runner. */
  toolSlots: ToolSlots;
  report: (message: string) => void;
  /** Sessions kept open at most; beyond it idle ones close, least recently used first. Default 16. */
  maxOpenSessions?: number;
  /** An idle session (nobody watching, nothing running) closes after this long. Default 60 s. */
  idleCloseMs?: number;
  /** Watches on the files read cards show, shared by every session (bounded). */
  fileWatches?: FileWatches;
  /** Resolves once a session can be shown (a mirror not mapped yet is mapped first: AgentSessions.untilViewable). */
  untilViewable?: (id: string) => Promise<void>;
}

/** How long shutdown waits for cancelled tools and turns to log their ends. */
const SETTLE_TIMEOUT_MS = 5_000;
const DEFAULT_MAX_OPEN_SESSIONS = 16;
const DEFAULT_IDLE_CLOSE_MS = 60_000;
/**
 * A session opened from its tail replays its log from the start this long after, unless
 * something needs it sooner (an append, a page before the tail, the files its cards showed):
 * the first screen goes out without a 100 MB replay competing with it for the one thread, nor
 * with the page drawing it (the socket opens before the page's code has loaded, and a page
 * asks for the older pages and the files itself once its first screen is drawn).
 */
const WHOLE_REPLAY_DELAY_MS = 2_000;
/** A session handed out this recently is never closed: its caller is about to use it. */
const JUST_USED_MS = 1_000;

/** What a session opened from its tail brings along: its index, and what its replay from the start feeds. */
interface OpenedFromTail {
  index?: LogSeqIndex;
  historyItems?: HistoryItems;
  replayed?: ReplayedFold;
}

interface OpenSession {
  pending: Promise<SessionRuntime>;
  /** Resolves once the session can be watched (its log's tail is read), before `pending` when it opens from the tail. */
  viewable: Promise<SessionRuntime>;
  /** Lets `pending` go on to the replay from the start now (it goes on by itself after WHOLE_REPLAY_DELAY_MS). */
  needWhole: () => void;
  /** Set once `pending` resolved. */
  runtime?: SessionRuntime;
  lastUsed: number;
}

/**
 * Sessions open in this server, each opened once on first use. Opening only
 * reads the log; the writer lock is taken by the first append. Idle sessions
 * (nobody watching, nothing running) are closed after a while, and beyond
 * `maxOpenSessions` least recently used first, which releases their lock and memory.
 */
export class SessionRegistry {
  private readonly open = new Map<string, OpenSession>();
  private closing = false;
  private readonly sweeper: NodeJS.Timeout;
  private readonly fileWatches: FileWatches;

  constructor(private readonly deps: SessionRegistryDeps) {
    this.fileWatches = deps.fileWatches ?? new FileWatches();
    const idleMs = deps.idleCloseMs ?? DEFAULT_IDLE_CLOSE_MS;
    this.sweeper = setInterval(() => this.closeIdle(), Math.max(JUST_USED_MS, Math.min(idleMs, 30_000)));
    this.sweeper.unref();
  }

  /** Sessions open now (a closed idle one is reopened by `get`). */
  get openCount(): number {
    return this.open.size;
  }

  async create(): Promise<SessionRuntime> {
    this.refuseWhenClosing();
    const { store } = this.deps;
    const views = new ViewComputer(this.deps.tools);
    const created = await store.create(this.deps.workspaceRoot);
    const log = LazySessionLog.writing(created.log);
    const pending = this.assemble(log, undefined, views).catch((error: unknown) => {
      log.close();
      throw error;
    });
    this.track(log.id, pending);
    return pending;
  }

  /**
   * The open session, opening it (read-only) on first use; undefined when no such session exists.
   * `mapping`: the mirror's own mapping appends through it, so it does not wait until viewable.
   */
  async get(id: string, how: { mapping?: boolean; viewing?: boolean } = {}): Promise<SessionRuntime | undefined> {
    if (!isSessionId(id)) return undefined;
    if (!how.mapping) await this.deps.untilViewable?.(id);
    let entry = this.open.get(id);
    if (!entry) {
      this.refuseWhenClosing();
      entry = this.track(id, this.reopen(id));
    }
    entry.lastUsed = Date.now();
    try {
      // Watching (subscribe, older pages) needs only the tail; anything that appends needs the whole replay.
      if (!how.viewing) entry.needWhole();
      return await (how.viewing ? entry.viewable : entry.pending);
    } catch (error) {
      if (error instanceof UnknownSessionError) return undefined;
      throw error;
    }
  }

  /** Closes the session if it is open (its watchers' subscriptions end): a mirror rebuilt from a replaced transcript. */
  async closeSession(id: string): Promise<void> {
    const entry = this.open.get(id);
    if (!entry) return;
    this.open.delete(id);
    try {
      closeRuntime(await entry.pending);
    } catch {
      // It never opened: nothing to close.
    }
  }

  /**
   * Closes idle sessions that were not used for `idleCloseMs` or whose log another
   * process wrote, then more of them, least recently used first, while more than
   * `maxOpenSessions` are open. Runs on a timer and whenever a session opens.
   */
  closeIdle(now: number = Date.now()): void {
    const idleMs = this.deps.idleCloseMs ?? DEFAULT_IDLE_CLOSE_MS;
    const idle = [...this.open.entries()]
      .filter(([, entry]) => entry.runtime !== undefined && isIdle(entry.runtime) && now - lastUse(entry) >= Math.min(JUST_USED_MS, idleMs))
      .sort(([, a], [, b]) => lastUse(a) - lastUse(b));
    let excess = this.open.size - (this.deps.maxOpenSessions ?? DEFAULT_MAX_OPEN_SESSIONS);
    for (const [id, entry] of idle) {
      const runtime = entry.runtime as SessionRuntime;
      if (excess <= 0 && now - lastUse(entry) < idleMs && !runtime.live.stale) continue;
      this.open.delete(id);
      excess -= 1;
      closeRuntime(runtime);
    }
  }

  /** Cancels running tools and turns, waits for them to log their ends, closes every log. */
  async closeAll(): Promise<void> {
    this.closing = true;
    clearInterval(this.sweeper);
    for (const entry of this.open.values()) entry.needWhole();
    const runtimes = (await Promise.allSettled([...this.open.values()].map((entry) => entry.pending)))
      .filter((outcome): outcome is PromiseFulfilledResult<SessionRuntime> => outcome.status === 'fulfilled')
      .map((outcome) => outcome.value);
    for (const runtime of runtimes) {
      runtime.turns?.cancel();
      runtime.tools.cancel();
    }
    await Promise.all(runtimes.map(async (runtime) => {
      await runtime.turns?.settle(SETTLE_TIMEOUT_MS);
      await runtime.tools.settle(SETTLE_TIMEOUT_MS);
      closeRuntime(runtime);
    }));
    this.open.clear();
    this.fileWatches.close();
  }

  private track(id: string, opening: Promise<SessionRuntime> | { viewable: Promise<SessionRuntime>; pending: Promise<SessionRuntime>; needWhole: () => void }): OpenSession {
    const { viewable, pending, needWhole } = opening instanceof Promise ? { viewable: opening, pending: opening, needWhole: () => {} } : opening;
    // A failed whole replay fails `pending`, which callers see; `viewable` alone must not be unhandled.
    viewable.catch(() => {});
    const entry: OpenSession = { pending, viewable, needWhole, lastUsed: Date.now() };
    this.open.set(id, entry);
    pending.then(
      (runtime) => {
        entry.runtime = runtime;
        this.closeIdle();
      },
      () => {
        if (this.open.get(id) === entry) this.open.delete(id);
      },
    );
    return entry;
  }

  /**
   * Reads the log (no lock) from its tail: the session can be watched once the tail is read
   * (`viewable`); the replay from the start then rebuilds what appending needs (views of open
   * calls, what a killed server left open, problems), and `pending` resolves after it, having
   * closed what a killed server left open (which takes the lock).
   */
  private reopen(id: string): { viewable: Promise<SessionRuntime>; pending: Promise<SessionRuntime>; needWhole: () => void } {
    const views = new ViewComputer(this.deps.tools);
    const unfinished = new UnfinishedWork();
    // What the tail's clients ask for next — the older pages, the files the cards showed — comes
    // from the replay from the start, which reads every event anyway.
    const historyItems = new HistoryItems(this.deps.tools);
    const filesFold = new FilesSeenFold();
    let foldFed: (whole: boolean) => void = () => {};
    const fed = new Promise<boolean>((resolve) => (foldFed = resolve));
    const opening = this.deps.store.openFromTail(
      id,
      (event) => {
        views.remember(event);
        unfinished.observe(event);
        historyItems.observe(event);
        filesFold.observe(event);
      },
      undefined,
      (complete) => {
        if (complete) historyItems.complete();
        else historyItems.drop();
        foldFed(complete);
      },
    );
    const viewable = opening.then(async (opened) => {
      historyItems.expectLog(opened.log.bytes);
      try {
        // Asking for the files starts the replay at once (`needWhole` is set below, before anyone can ask).
        const replayed = { fold: filesFold, fed, want: () => needWhole() };
        return await this.assemble(opened.log, undefined, views, { index: opened.index, historyItems, replayed });
      } catch (error) {
        opened.log.close();
        throw error;
      }
    });
    let needWhole = (): void => {};
    const wanted = new Promise<void>((resolve) => {
      needWhole = resolve;
      setTimeout(resolve, WHOLE_REPLAY_DELAY_MS).unref();
    });
    const pending = viewable.then(async (runtime) => {
      const { whole } = await opening;
      let report: ReplayReport;
      try {
        await wanted;
        report = await whole();
      } catch (error) {
        closeRuntime(runtime);
        throw error;
      }
      runtime.live.reopenReport = report;
      for (const problem of report.problems) {
        this.deps.report(`session ${id}, line ${problem.line}: ${problem.message} (skipped)`);
      }
      const torn = report.tornTail;
      if (torn) this.deps.report(`session ${id}, line ${torn.line}: ${torn.message}; removed at the next write`);
      // A mirror's open calls are the other agent's, still running or not: its transcript ends them, never us.
      if ((runtime.live.header.source ?? 'toolcards') === 'toolcards') this.closeUnfinished(runtime, unfinished);
      return runtime;
    });
    return { viewable, pending, needWhole };
  }

  private closeUnfinished(runtime: SessionRuntime, unfinished: UnfinishedWork): void {
    try {
      for (const event of unfinished.closingEvents()) runtime.live.append(event);
    } catch (error) {
      // Another live process writing it runs those calls itself; anything else stays for the next open.
      if (error instanceof SessionBusyError) return;
      this.deps.report(`session ${runtime.live.id}: could not close the calls a stopped server left open: ${(error as Error).message}`);
    }
  }

  private async assemble(log: LazySessionLog, report: ReplayReport | undefined, views: ViewComputer, opened: OpenedFromTail = {}): Promise<SessionRuntime> {
    const { index, historyItems, replayed } = opened;
    const { store, tools, workspaceRoot } = this.deps;
    const spillDir = store.spillDir(log.id);
    await mkdir(spillDir, { recursive: true, mode: 0o700 });
    const workspace = await tools.createWorkspace(workspaceRoot, {
      allowOutsideWorkspace: this.deps.allowOutsideWorkspace,
      // The read tool may open this session's spilled full results.
      extraReadableRoots: [spillDir],
    });
    const live = new LiveSession(log, report, views, { store, presenters: tools, limits: this.deps.limits, ...(index ? { index } : {}), ...(historyItems ? { historyItems } : {}) });
    const runner = new ToolRunner(live, { workspace, spill: tools.createSpillStore(spillDir), config: this.deps.toolConfig }, tools.runTool, this.deps.toolSlots, this.deps.report);
    const turns = this.deps.driver ? new ModelTurns(live, runner, this.deps.driver, workspace.root, this.deps.report) : undefined;
    const files = new SessionFileViews({
      workspace,
      config: this.deps.toolConfig,
      tools,
      shownFiles: new ShownFiles(this.fileWatches, (paths) => live.filesChanged(paths)),
      sessionCwd: live.header.cwd,
    });
    return { live, tools: runner, turns, files, seen: new SessionFilesSeen(live, replayed) };
  }

  private refuseWhenClosing(): void {
    if (this.closing) throw new Error('the server is shutting down');
  }
}

function closeRuntime(runtime: SessionRuntime): void {
  runtime.files.close();
  runtime.live.close();
}

function isIdle(runtime: SessionRuntime): boolean {
  return runtime.live.subscriberCount === 0 && runtime.tools.runningCallIds.length === 0 && !(runtime.turns?.busy ?? false);
}

function lastUse(entry: OpenSession): number {
  return Math.max(entry.lastUsed, entry.runtime?.live.lastActiveAt ?? 0);
}
