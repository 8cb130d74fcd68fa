import { MAX_FILE_LINES_REQUEST } from '@toolcards/protocol';

export interface FileLinesQuery {
  path: string;
  offset: number;
  limit: number;
}

/** Longer than any path a card shows; a longer one is refused before touching the disk. */
const MAX_PATH_LENGTH = 4096;

/** `?path=&offset=&limit=` of a lines request, or what is wrong with it. Pure. */
export function fileLinesQueryOf(params: URLSearchParams): FileLinesQuery | string {
  const path = params.get('path');
  if (path === null || path === '') return 'path is required';
  if (path.length > MAX_PATH_LENGTH || path.includes('\0')) return `path must be at most ${MAX_PATH_LENGTH} characters, without NUL`;
  const offset = wholeNumber(params.get('offset') ?? '1');
  if (offset === undefined || offset < 1) return 'offset must be a whole number of at least 1';
  const limit = wholeNumber(params.get('limit') ?? '50');
  if (limit === undefined || limit < 1 || limit > MAX_FILE_LINES_REQUEST) return `limit must be a whole number from 1 to ${MAX_FILE_LINES_REQUEST}`;
  return { path, offset, limit };
}

function wholeNumber(text: string): number | undefined {
  if (!/^\d{1,9}$/.test(text)) return undefined;
  return Number(text);
}
