import { open } from 'node:fs/promises';
import type { TranscriptFacts, TranscriptImporter } from '@toolcards/importers';
import { completeLines } from './complete-lines';

/** Read first; most transcripts name their folder, time and first prompt in their first lines. */
const FIRST_READ_BYTES = 16 * 1024;
/** Read at most: a head that has not named the prompt by then lists the session untitled. */
const MAX_HEAD_BYTES = 256 * 1024;

/**
 * What the first lines of a transcript say about its session (folder, first record's time,
 * first real prompt), read without mapping the rest: a first start lists every transcript
 * from its head before mapping any of them. A fresh importer maps the head, so the facts are
 * the ones the whole mapping would give.
 */
export async function readTranscriptHead(path: string, importer: TranscriptImporter): Promise<TranscriptFacts> {
  const handle = await open(path, 'r');
  try {
    let buffer = Buffer.alloc(FIRST_READ_BYTES);
    let filled = 0;
    let fed = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, filled);
      filled += bytesRead;
      const { lines, consumed } = completeLines(buffer.subarray(fed, filled));
      for (const line of lines) {
        importer.feedLine(line);
        if (headComplete(importer.facts())) return importer.facts();
      }
      fed += consumed;
      if (bytesRead === 0 || filled < buffer.length || buffer.length >= MAX_HEAD_BYTES) return importer.facts();
      const grown = Buffer.alloc(Math.min(buffer.length * 4, MAX_HEAD_BYTES));
      buffer.copy(grown, 0, 0, filled);
      buffer = grown;
    }
  } finally {
    await handle.close();
  }
}

/** Everything the listing needs from the head. */
export function headComplete(facts: TranscriptFacts): boolean {
  return facts.cwd !== undefined && facts.createdAt !== undefined && facts.title !== undefined;
}
