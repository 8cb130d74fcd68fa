import type { SocketLike } from '../../apps/web/src/net/session-connection';
import type { FrameSourceReply, FrameSourceRequest } from './frame-source-messages';
import type { SessionShape } from './session-events';

export type Prepared = Extract<FrameSourceReply, { type: 'prepared' }>;
export type StreamEnd = Extract<FrameSourceReply, { type: 'stream-end' }>;

/**
 * The page side of the frame source worker: hands the client a socket whose frames come
 * from the worker, each worker message one task, each frame one `onmessage` call — the
 * client's own parsing, validation and batching all run as they would on a real socket.
 */
export class FrameSource {
  private readonly worker: Worker;
  private socket: BenchSocket | undefined;
  private prepared: ((reply: Prepared) => void) | undefined;
  private streamEnded: ((reply: StreamEnd) => void) | undefined;

  constructor() {
    this.worker = new Worker(new URL('./frame-source.worker.ts', import.meta.url), { type: 'module' });
    this.worker.onmessage = ({ data: reply }: MessageEvent<FrameSourceReply>) => {
      switch (reply.type) {
        case 'prepared':
          this.prepared?.(reply);
          return;
        case 'frames':
          this.socket?.deliver(reply.frames);
          return;
        case 'stream-end':
          this.streamEnded?.(reply);
          return;
      }
    };
  }

  prepare(shape: SessionShape, mode: 'replay' | 'stream'): Promise<Prepared> {
    return new Promise((resolve) => {
      this.prepared = resolve;
      this.post({ type: 'prepare', shape, mode });
    });
  }

  /** For SessionClient's `createSocket`. */
  createSocket = (): SocketLike => {
    this.socket = new BenchSocket((frame) => {
      if ((JSON.parse(frame) as { type?: string }).type === 'subscribe') this.post({ type: 'subscribe' });
    });
    return this.socket;
  };

  startStream(perTick: number, tickMs: number): Promise<StreamEnd> {
    return new Promise((resolve) => {
      this.streamEnded = resolve;
      this.post({ type: 'start-stream', perTick, tickMs });
    });
  }

  private post(request: FrameSourceRequest): void {
    this.worker.postMessage(request);
  }
}

/** A socket that opens at once and receives what the worker sends. */
class BenchSocket implements SocketLike {
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(private readonly onSend: (frame: string) => void) {
    setTimeout(() => {
      this.readyState = 1;
      this.onopen?.(new Event('open'));
    }, 0);
  }

  send(data: string): void {
    this.onSend(data);
  }

  close(): void {
    this.readyState = 3;
  }

  deliver(frames: readonly string[]): void {
    // The client reads only `data`; a real MessageEvent per frame would time the bench, not the app.
    for (const data of frames) this.onmessage?.({ data } as MessageEvent);
  }
}
