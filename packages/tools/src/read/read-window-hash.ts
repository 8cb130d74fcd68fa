import { createHash } from 'node:crypto';
import type { ReadFileLine } from '@toolcards/protocol';

/**
 * sha256 of a window's text as the meta holds it (lines joined by "\n", cut lines without
 * the marker): two reads of the same lines with the same caps hash alike, whatever the file
 * around them did.
 */
export function readWindowHash(lines: readonly Pick<ReadFileLine, 'text'>[]): string {
  const hash = createHash('sha256');
  for (const [index, line] of lines.entries()) {
    if (index > 0) hash.update('\n');
    hash.update(line.text);
  }
  return hash.digest('hex');
}
