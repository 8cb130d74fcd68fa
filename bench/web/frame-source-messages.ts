import type { SessionShape } from './session-events';

/** Page → frame source worker. */
export type FrameSourceRequest =
  | { type: 'prepare'; shape: SessionShape; mode: 'replay' | 'stream' }
  | { type: 'subscribe' }
  | { type: 'start-stream'; perTick: number; tickMs: number };

/** Frame source worker → page. */
export type FrameSourceReply =
  | { type: 'prepared'; events: number; cards: number; rows: number; lastSeq: number; bytes: number }
  | { type: 'frames'; frames: string[] }
  | { type: 'stream-end'; lastSeq: number; events: number; sendSeconds: number };
