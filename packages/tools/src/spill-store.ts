import { randomBytes } from 'node:crypto';
import { writeSync } from 'node:fs';
import { chmod, lstat, mkdir, open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { SpillStore, SpillWriter } from './tool';

/** Writes reach the disk in batches of this size: one syscall per match would dominate a big grep. */
const BATCH_BYTES = 64 * 1024;

/**
 * The per-session folder where capped results keep their full version.
 * Best effort throughout: a failure yields `undefined` / `false`, never a throw.
 */
export function createSpillStore(dir: string): SpillStore {
  const folder = path.resolve(dir);
  let folderReady: Promise<boolean> | undefined;

  async function prepareFolder(): Promise<boolean> {
    await mkdir(folder, { recursive: true, mode: 0o700 });
    const info = await lstat(folder);
    // A symlink or someone else's folder planted at this path must not receive our results.
    if (!info.isDirectory()) return false;
    if (typeof process.getuid === 'function' && info.uid !== process.getuid()) return false;
    if ((info.mode & 0o777) !== 0o700) await chmod(folder, 0o700);
    return true;
  }

  async function create(prefix: string): Promise<SpillWriter | undefined> {
    try {
      folderReady ??= prepareFolder();
      if (!(await folderReady)) {
        folderReady = undefined;
        return undefined;
      }
      const file = path.join(folder, spillFileName(prefix, new Date(), randomBytes(4).toString('hex')));
      const handle = await open(file, 'wx', 0o600);
      return new FileSpillWriter(file, handle);
    } catch {
      folderReady = undefined;
      return undefined;
    }
  }

  return { dir: folder, create };
}

/** `grep-20250131-142501-1a2b3c4d.txt`: sorts by time, unique by the random tail. */
export function spillFileName(prefix: string, now: Date, random: string): string {
  const safePrefix = prefix.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32) || 'result';
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `${safePrefix}-${stamp}-${random}.txt`;
}

class FileSpillWriter implements SpillWriter {
  private batch: Buffer[] = [];
  private batchBytes = 0;
  private failed = false;
  private closed: Promise<boolean> | undefined;

  constructor(
    readonly path: string,
    private readonly handle: FileHandle,
  ) {}

  write(chunk: string | Uint8Array): void {
    if (this.closed !== undefined || this.failed || chunk.length === 0) return;
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    this.batch.push(bytes);
    this.batchBytes += bytes.length;
    if (this.batchBytes >= BATCH_BYTES) this.flush();
  }

  close(): Promise<boolean> {
    this.closed ??= this.finish();
    return this.closed;
  }

  /**
   * Synchronous on purpose: a 64 KiB write into the page cache takes tens of
   * microseconds, while a promise per batch costs the CPU-bound grep twice that.
   */
  private flush(): void {
    const bytes = this.batch.length === 1 ? this.batch[0]! : Buffer.concat(this.batch, this.batchBytes);
    this.batch = [];
    this.batchBytes = 0;
    try {
      for (let written = 0; written < bytes.length; ) {
        written += writeSync(this.handle.fd, bytes, written, bytes.length - written);
      }
    } catch {
      this.failed = true;
    }
  }

  private async finish(): Promise<boolean> {
    if (this.batchBytes > 0 && !this.failed) this.flush();
    try {
      await this.handle.close();
    } catch {
      this.failed = true;
    }
    return !this.failed;
  }
}
