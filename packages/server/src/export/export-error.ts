/** Why an export was refused: each a stable code, a message that says what to do. */
export type ExportErrorCode = 'UNKNOWN_SESSION' | 'PATH_OUTSIDE_DATA_DIR' | 'NOT_A_TRANSCRIPT' | 'BAD_RANGE' | 'UNKNOWN_FORMAT';

export class ExportError extends Error {
  override readonly name = 'ExportError';
  constructor(
    readonly code: ExportErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** The HTTP status of each refusal (the route answers with it). */
export function exportErrorStatus(code: ExportErrorCode): number {
  switch (code) {
    case 'UNKNOWN_SESSION':
      return 404;
    case 'PATH_OUTSIDE_DATA_DIR':
    case 'NOT_A_TRANSCRIPT':
    case 'BAD_RANGE':
    case 'UNKNOWN_FORMAT':
      return 400;
  }
}
