/** Longer than any path a card shows; a longer one is refused. */
const MAX_PATH_LENGTH = 4096;

/** `?after=SEQ` of a files request (absent: every file), or what is wrong with it. Pure. */
export function filesSeenQueryOf(params: URLSearchParams): { afterSeq?: number } | string {
  const after = params.get('after');
  if (after === null) return {};
  if (!/^(-1|\d{1,15})$/.test(after)) return 'after must be a seq (a whole number, or -1)';
  return { afterSeq: Number(after) };
}

/** `?path=` of a file's cards request, or what is wrong with it. Pure. */
export function fileCardsQueryOf(params: URLSearchParams): { path: string } | string {
  const path = params.get('path');
  if (path === null || path === '') return 'path is required';
  if (path.length > MAX_PATH_LENGTH || path.includes('\0')) return `path must be at most ${MAX_PATH_LENGTH} characters, without NUL`;
  return { path };
}
