import { WIRE_ERROR_CODES, type WireErrorCode } from '@toolcards/protocol';

const WIRE_CODES: ReadonlySet<string> = new Set(WIRE_ERROR_CODES);

/**
 * The code an error frame gives for a failure while handling a client's frame: the error's
 * own `code` when the wire knows it (SessionLogWriteError's LOG_WRITE_FAILED,
 * SessionBusyError's SESSION_BUSY), so the client can tell a full disk from a bug;
 * INTERNAL for anything else, a Node errno such as ENOENT included.
 */
export function wireErrorCode(error: unknown): WireErrorCode {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && WIRE_CODES.has(code) ? (code as WireErrorCode) : 'INTERNAL';
}
