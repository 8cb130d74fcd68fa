import type { Editor, ModelInfo } from '@toolcards/protocol';
import type { ConnectionState } from '../net/session-connection';

export interface ServerIdentity {
  version: string;
  workspace: string;
  model: ModelInfo | null;
  /** Where the cards' "Open in editor" links point. */
  editor: Editor;
}

/** A server error worth showing: a wire error frame, or a failed request of ours. */
export interface Notice {
  id: number;
  code: string;
  message: string;
}

/** What components see of the app around the session: the link, the server, the token, notices. */
export interface AppStatusView {
  connection: ConnectionState;
  /** From the server's hello (or GET /api/info before the socket is up). */
  server: ServerIdentity | null;
  /** The API or the socket refused our token. */
  unauthorized: boolean;
  notices: readonly Notice[];
  /** Bumped when a message went unanswered for want of a model: the composer's no-model note shows again. */
  modelNeededSerial: number;
}

const MAX_NOTICES = 5;

/**
 * The app's status, whichever session is shown: the connection, the server's identity, a
 * refused token, the notices. Each field is the one copy of its state; the store publishes
 * `view()`. Opening another session keeps all of it.
 */
export class AppStatus {
  connection: ConnectionState = { status: 'connecting' };
  server: ServerIdentity | null = null;
  unauthorized = false;
  notices: readonly Notice[] = [];
  modelNeededSerial = 0;
  private noticeSerial = 0;

  view(): AppStatusView {
    const { connection, server, unauthorized, notices, modelNeededSerial } = this;
    return { connection, server, unauthorized, notices, modelNeededSerial };
  }

  get hasModel(): boolean {
    return this.server !== null && this.server.model !== null;
  }

  /** The newest few are kept. */
  addNotice(code: string, message: string): void {
    this.notices = [...this.notices, { id: (this.noticeSerial += 1), code, message }].slice(-MAX_NOTICES);
  }

  dismissNotice(id: number): void {
    this.notices = this.notices.filter((notice) => notice.id !== id);
  }

  /** The composer's no-model note says it: shown again rather than a second message. */
  modelNeeded(): void {
    this.modelNeededSerial += 1;
  }
}
