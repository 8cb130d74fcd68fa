/**
 * The complete lines at the start of `bytes` (each ended by "\n", the "\n" and any "\r" before
 * it left out) and how many bytes they took. What follows the last newline is a line the agent
 * is still writing: it waits for its newline (the next read starts there).
 */
export function completeLines(bytes: Buffer): { lines: string[]; consumed: number } {
  const last = bytes.lastIndexOf(0x0a);
  if (last < 0) return { lines: [], consumed: 0 };
  // Splitting on the newline byte is safe in UTF-8: it never occurs inside a multi-byte character.
  const lines = bytes.toString('utf8', 0, last).split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
  return { lines, consumed: last + 1 };
}
