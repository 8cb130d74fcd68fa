import { randomBytes } from 'node:crypto';
import type { JsonValue, NewSessionEvent, SessionEvent, ToolOrigin } from '@toolcards/protocol';
import { errorResult } from '@toolcards/tools';
import type { SlotQueue, SpillStore, ToolConfig, ToolContext, ToolResult, Workspace } from '@toolcards/tools';
import { InvalidEventError } from '@toolcards/session';
import { abortedResult } from './unfinished-work';

/** The tools package's `runTool`, injected (tests pass a fake one). */
export type ExecuteTool = (name: string, args: JsonValue, context: ToolContext) => Promise<ToolResult>;

export interface ToolCallRequest {
  name: string;
  args: JsonValue;
  origin: ToolOrigin;
  /** Kept when given and not already running in this session (a model's call id). */
  callId?: string;
  /**
   * Log the result only after this settles (a model running calls concurrently
   * keeps results in call order). The tool itself starts at once.
   */
  logResultAfter?: Promise<unknown>;
}

export interface ToolRunOutcome {
  callId: string;
  result: ToolResult;
}

export interface ToolRunnerContext {
  workspace: Workspace;
  spill: SpillStore;
  config: ToolConfig;
}

/**
 * What a run needs of its session (a LiveSession): log the call and its result, show the
 * call queued for a slot, owe the log a result it refused.
 */
export interface ToolRunSession {
  append(next: NewSessionEvent): SessionEvent;
  callQueued(callId: string): void;
  callDequeued(callId: string, started: boolean): void;
  owe(event: NewSessionEvent): void;
}

/** Tool calls executing at once in one server, across its sessions (shared by every runner). */
export interface ToolSlots {
  queue: SlotQueue;
  limit: number;
}

/**
 * Runs tools on one session, for people and models alike: log tool/call,
 * wait for one of the server's tool slots, execute with an AbortSignal that
 * `cancel` fires, log tool/result. The call card appears before the tool
 * starts; a result is always logged for a call, even when the tool fails or is
 * cancelled (while queued it never starts). A tool's own timeout starts with
 * the tool, not with the wait.
 */
export class ToolRunner {
  private readonly running = new Map<string, { controller: AbortController; done: Promise<unknown> }>();

  constructor(
    private readonly session: ToolRunSession,
    private readonly context: ToolRunnerContext,
    private readonly execute: ExecuteTool,
    private readonly slots: ToolSlots,
    private readonly report: (message: string) => void = () => {},
  ) {}

  /** Calls started or queued, not yet ended. */
  get runningCallIds(): string[] {
    return [...this.running.keys()];
  }

  /**
   * Logs the call and starts the tool; `outcome` resolves once the result is
   * logged and never rejects. Throws (synchronously, nothing started) only
   * when the call itself cannot be logged, e.g. the session is closed.
   */
  run(request: ToolCallRequest, signal?: AbortSignal): { callId: string; outcome: Promise<ToolRunOutcome> } {
    const callId = request.callId !== undefined && request.callId !== '' && !this.running.has(request.callId) ? request.callId : newCallId();
    const { name, args, origin } = request;
    this.session.append({ type: 'tool/call', data: { callId, name, args, origin } });
    const controller = new AbortController();
    const forward = () => controller.abort(signal?.reason);
    if (signal?.aborted) controller.abort(signal.reason);
    else signal?.addEventListener('abort', forward, { once: true });
    const outcome = this.finish(callId, request, controller).finally(() => {
      signal?.removeEventListener('abort', forward);
      this.running.delete(callId);
    });
    this.running.set(callId, { controller, done: outcome });
    return { callId, outcome };
  }

  /** Aborts one running call, or all of them without an id. False when nothing matched (it may have just finished). */
  cancel(callId?: string): boolean {
    if (callId === undefined) {
      for (const { controller } of this.running.values()) controller.abort(new Error('cancelled'));
      return this.running.size > 0;
    }
    const entry = this.running.get(callId);
    entry?.controller.abort(new Error('cancelled'));
    return entry !== undefined;
  }

  /** Resolves when every running call has logged its result (or `timeoutMs` passed). */
  async settle(timeoutMs: number): Promise<void> {
    const all = Promise.allSettled([...this.running.values()].map((entry) => entry.done));
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
      timer.unref();
    });
    await Promise.race([all, timeout]);
    clearTimeout(timer);
  }

  private async finish(callId: string, request: ToolCallRequest, controller: AbortController): Promise<ToolRunOutcome> {
    let result: ToolResult;
    // Synchronous up to here from `run`: a `queued` frame always follows its tool/call event.
    let queued = false;
    const slot = await this.slots.queue.acquire(this.slots.limit, controller.signal, {
      onQueued: () => {
        queued = true;
        this.session.callQueued(callId);
      },
    });
    if (queued) this.session.callDequeued(callId, slot === 'acquired');
    if (slot === 'acquired') {
      try {
        result = await this.execute(request.name, request.args, { ...this.context, signal: controller.signal });
      } catch (error) {
        // runTool never rejects by contract; if it does, the call still gets a result card.
        result = errorResult('TOOL_FAILED', `${request.name} failed: ${(error as Error)?.message ?? String(error)}`);
      } finally {
        // Released before waiting for earlier results to be logged: the slot is for executing.
        this.slots.queue.release();
      }
    } else {
      // Cancelled while queued (no timeout is set on the wait): the same result runTool gives a call cancelled before it started.
      result = errorResult('TOOL_ABORTED', `${request.name} was cancelled before it started.`);
    }
    if (request.logResultAfter) await request.logResultAfter.catch(() => {});
    try {
      this.appendResult(callId, result);
      return { callId, result };
    } catch (error) {
      if (error instanceof InvalidEventError) {
        // The result is not loggable (bad shape from a tool): log why instead, so the call is not left pending.
        result = errorResult('TOOL_FAILED', `${request.name} returned a result that cannot be logged: ${error.message}`);
        try {
          this.appendResult(callId, result);
          return { callId, result };
        } catch (second) {
          return this.unlogged(callId, request.name, second);
        }
      }
      return this.unlogged(callId, request.name, error);
    }
  }

  /**
   * The log refuses the result (full disk, closed session): watchers already got
   * an error frame naming the call; the session owes the log a TOOL_ABORTED
   * result, written as soon as the log accepts writes again, so the card ends.
   * Until then owing it shows the call as `unsaved` (see LiveSession.owe).
   */
  private unlogged(callId: string, name: string, error: unknown): ToolRunOutcome {
    const reason = (error as Error)?.message ?? String(error);
    this.report(`could not log the result of call ${callId} (${name}): ${reason}`);
    const message = `the result of this ${name} call could not be saved (${reason}); run it again`;
    const owed = abortedResult(callId, message);
    this.session.owe(owed);
    return { callId, result: errorResult('TOOL_ABORTED', message) };
  }

  /** The logged data is the tool's result itself, named by its call (view computation reads it back as is). */
  private appendResult(callId: string, result: ToolResult): void {
    this.session.append({ type: 'tool/result', data: { callId, ...result } });
  }
}

export function newCallId(): string {
  return `call_${randomBytes(8).toString('hex')}`;
}
