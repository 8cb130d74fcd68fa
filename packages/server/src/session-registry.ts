import { mkdir } from 'node:fs/promises';
import { isSessionId, UnknownSessionError, type SessionStore, type WritableSession } from '@toolcards/session';
import type { SpillStore, ToolConfig, Workspace } from '@toolcards/tools';
import { LiveSession } from './live-session';
import type { ModelDriver } from './model-driver';
import { ModelTurns } from './model-turns';
import type { DeliveryLimits } from './subscription/backpressure';
import { ToolRunner, type ExecuteTool } from './tool-runner';
import { UnfinishedWork } from './unfinished-work';
import { ViewComputer, type Presenters } from './view-computation';

/** What the server uses of @toolcards/tools (index.ts passes the real module; tests may pass fakes). */
export interface ToolsApi extends Presenters {
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
  report: (message: string) => void;
}

/** How long shutdown waits for cancelled tools and turns to log their ends. */
const SETTLE_TIMEOUT_MS = 5_000;

/**
 * Sessions open in this server, each opened once (one writer) on first use and
 * kept until shutdown.
 */
export class SessionRegistry {
  private readonly open = new Map<string, Promise<SessionRuntime>>();
  private closing = false;

  constructor(private readonly deps: SessionRegistryDeps) {}

  async create(): Promise<SessionRuntime> {
    this.refuseWhenClosing();
    const { store } = this.deps;
    const views = new ViewComputer(this.deps.tools);
    const created = await store.create(this.deps.workspaceRoot);
    const pending = this.assemble(created, views).catch((error: unknown) => {
      created.log.close();
      throw error;
    });
    this.open.set(created.log.id, pending);
    return pending;
  }

  /** The open session, opening it on first use; undefined when no such session exists. */
  async get(id: string): Promise<SessionRuntime | undefined> {
    if (!isSessionId(id)) return undefined;
    let pending = this.open.get(id);
    if (!pending) {
      this.refuseWhenClosing();
      pending = this.reopen(id);
      this.open.set(id, pending);
      pending.catch(() => this.open.delete(id));
    }
    try {
      return await pending;
    } catch (error) {
      if (error instanceof UnknownSessionError) return undefined;
      throw error;
    }
  }

  /** Cancels running tools and turns, waits for them to log their ends, closes every log. */
  async closeAll(): Promise<void> {
    this.closing = true;
    const runtimes = (await Promise.allSettled(this.open.values()))
      .filter((outcome): outcome is PromiseFulfilledResult<SessionRuntime> => outcome.status === 'fulfilled')
      .map((outcome) => outcome.value);
    for (const runtime of runtimes) {
      runtime.turns?.cancel();
      runtime.tools.cancel();
    }
    await Promise.all(runtimes.map(async (runtime) => {
      await runtime.turns?.settle(SETTLE_TIMEOUT_MS);
      await runtime.tools.settle(SETTLE_TIMEOUT_MS);
      runtime.live.close();
    }));
    this.open.clear();
  }

  private async reopen(id: string): Promise<SessionRuntime> {
    const views = new ViewComputer(this.deps.tools);
    const unfinished = new UnfinishedWork();
    const opened = await this.deps.store.openWritable(id, (event) => {
      views.remember(event);
      unfinished.observe(event);
    });
    for (const problem of opened.report?.problems ?? []) {
      this.deps.report(`session ${id}, line ${problem.line}: ${problem.message} (skipped)`);
    }
    const torn = opened.report?.tornTail;
    if (torn) this.deps.report(`session ${id}, line ${torn.line}: ${torn.message}; removed`);
    let runtime: SessionRuntime;
    try {
      runtime = await this.assemble(opened, views);
    } catch (error) {
      opened.log.close();
      throw error;
    }
    for (const event of unfinished.closingEvents()) runtime.live.append(event);
    return runtime;
  }

  private async assemble({ log, report }: WritableSession, views: ViewComputer): Promise<SessionRuntime> {
    const { store, tools, workspaceRoot } = this.deps;
    const spillDir = store.spillDir(log.id);
    await mkdir(spillDir, { recursive: true, mode: 0o700 });
    const workspace = await tools.createWorkspace(workspaceRoot, {
      allowOutsideWorkspace: this.deps.allowOutsideWorkspace,
      // The read tool may open this session's spilled full results.
      extraReadableRoots: [spillDir],
    });
    const live = new LiveSession(log, report, views, { store, presenters: tools, limits: this.deps.limits });
    const runner = new ToolRunner(live, { workspace, spill: tools.createSpillStore(spillDir), config: this.deps.toolConfig }, tools.runTool, this.deps.report);
    const turns = this.deps.driver ? new ModelTurns(live, runner, this.deps.driver, workspace.root, this.deps.report) : undefined;
    return { live, tools: runner, turns };
  }

  private refuseWhenClosing(): void {
    if (this.closing) throw new Error('the server is shutting down');
  }
}
