import type { NewSessionEvent, SessionEvent } from '@toolcards/protocol';
import type { ModelDriver, ModelEvent, ModelSession } from '../model/model-driver';
import type { ToolRunner } from './tool-runner';
import { abortedTurnEnd } from './unfinished-work';

/** What a turn needs of its session (a LiveSession): its id, its events, log and owe events. */
export interface TurnSession {
  readonly id: string;
  events(): Promise<SessionEvent[]>;
  append(next: NewSessionEvent): SessionEvent;
  owe(event: NewSessionEvent): void;
}

/**
 * Model turns of one session: one at a time, in the order the messages came.
 * Owns the turn's AbortSignal and makes sure every turn ends with turn/end.
 */
export class ModelTurns {
  private queue: Promise<void> = Promise.resolve();
  private readonly controllers = new Set<AbortController>();

  constructor(
    private readonly session: TurnSession,
    private readonly tools: ToolRunner,
    private readonly driver: ModelDriver,
    private readonly workspaceRoot: string,
    private readonly report: (message: string) => void = () => {},
  ) {}

  /** Queues a turn for a user message that is already logged. */
  submit(text: string): Promise<void> {
    const controller = new AbortController();
    this.controllers.add(controller);
    const turn = this.queue.then(() => this.runTurn(text, controller));
    this.queue = turn.finally(() => this.controllers.delete(controller));
    return this.queue;
  }

  /** A turn is running or queued. */
  get busy(): boolean {
    return this.controllers.size > 0;
  }

  /** Aborts the running turn and any queued ones (they end as cancelled without reaching the model). */
  cancel(): boolean {
    for (const controller of this.controllers) controller.abort(new Error('cancelled'));
    return this.controllers.size > 0;
  }

  async settle(timeoutMs: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
      timer.unref();
    });
    await Promise.race([this.queue, timeout]);
    clearTimeout(timer);
  }

  private async runTurn(text: string, controller: AbortController): Promise<void> {
    const signal = controller.signal;
    let ended = false;
    let over = false;
    const append = (event: ModelEvent): SessionEvent => {
      if (over) throw new Error('this turn is over; a driver cannot append after runTurn settled');
      const logged = this.session.append(event);
      if (event.type === 'turn/end') ended = true;
      return logged;
    };
    const handle: ModelSession = {
      id: this.session.id,
      workspaceRoot: this.workspaceRoot,
      events: () => this.session.events(),
      append,
      runTool: async (call, logResultAfter) => {
        if (over) throw new Error('this turn is over; a driver cannot run tools after runTurn settled');
        const request = { name: call.name, args: call.args, origin: 'model' as const };
        return this.tools.run({
          ...request,
          ...(call.callId === undefined ? {} : { callId: call.callId }),
          ...(logResultAfter === undefined ? {} : { logResultAfter }),
        }, signal).outcome;
      },
    };
    let failure: string | undefined;
    if (!signal.aborted) {
      try {
        await this.driver.runTurn({ session: handle, text, signal });
      } catch (error) {
        failure = (error as Error)?.message ?? String(error);
      }
    }
    over = true;
    if (ended) return;
    const end: ModelEvent = signal.aborted
      ? { type: 'turn/end', data: { reason: 'cancelled' } }
      : failure !== undefined
        ? { type: 'turn/end', data: { reason: 'error', error: failure } }
        : { type: 'turn/end', data: { reason: 'done' } };
    try {
      this.session.append(end);
    } catch (error) {
      const reason = (error as Error)?.message ?? String(error);
      this.report(`could not end a turn of session ${this.session.id}: ${reason}`);
      // Logged once the log accepts writes again, so the turn does not stay open.
      this.session.owe(abortedTurnEnd(`the end of this turn could not be saved (${reason})`));
    }
  }
}
