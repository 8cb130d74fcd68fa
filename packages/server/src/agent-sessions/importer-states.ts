import { createHash } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ImporterState } from '@toolcards/importers';

/** Bytes of a transcript's start whose hash tells the same file from one rewritten in place. */
const HEAD_HASH_BYTES = 4096;

/** A mirror's importer as it was at `offset` of its transcript, having given `events` events. */
export interface SavedImporter {
  offset: number;
  events: number;
  /** sha256 of the transcript's first bytes (HEAD_HASH_BYTES, or all of them up to `offset`). */
  headHash: string;
  state: ImporterState;
}

/**
 * The data dir's `agent-sessions/<mirror id>.json`: each mirror's importer state at the offset it
 * mapped, so a restart resumes there instead of feeding the whole transcript again (a 100 MB
 * transcript took ≈ 1 s before its first live line). A cache: a missing, damaged or stale one
 * only costs that replay.
 */
export class ImporterStates {
  private readonly dir: string;
  private made: Promise<unknown> | undefined;

  constructor(dataDir: string) {
    this.dir = join(dataDir, 'agent-sessions');
  }

  async load(mirrorId: string): Promise<SavedImporter | undefined> {
    try {
      const saved = JSON.parse(await readFile(this.pathOf(mirrorId), 'utf8')) as Partial<SavedImporter>;
      const whole = Number.isSafeInteger(saved.offset) && Number.isSafeInteger(saved.events) && typeof saved.headHash === 'string' && typeof saved.state === 'object' && saved.state !== null;
      return whole ? (saved as SavedImporter) : undefined;
    } catch {
      return undefined;
    }
  }

  async save(mirrorId: string, saved: SavedImporter): Promise<void> {
    this.made ??= mkdir(this.dir, { recursive: true, mode: 0o700 });
    await this.made;
    const path = this.pathOf(mirrorId);
    const temporary = `${path}.${process.pid}.tmp`;
    await writeFile(temporary, JSON.stringify(saved), { mode: 0o600 });
    await rename(temporary, path);
  }

  async remove(mirrorId: string): Promise<void> {
    await rm(this.pathOf(mirrorId), { force: true });
  }

  private pathOf(mirrorId: string): string {
    // Mirror ids are session ids (letters, digits, '_' and '-'): safe as file names.
    return join(this.dir, `${mirrorId}.json`);
  }
}

/** The hash of a transcript's first bytes, up to `upTo`. */
export async function headHashOf(path: string, upTo: number): Promise<string> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(Math.min(HEAD_HASH_BYTES, upTo));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return createHash('sha256').update(buffer.subarray(0, bytesRead)).digest('hex');
  } finally {
    await handle.close();
  }
}
