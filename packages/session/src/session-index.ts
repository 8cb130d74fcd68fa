import { readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isJsonObject, sessionSummarySchema, type SessionSummary } from '@toolcards/protocol';
import { sessionIdFromLogName, type DataDirLayout } from './data-dir';
import { replaySessionLog } from './replay';
import { foldSummary, startSummary, type CallTitle, type SummaryState } from './session-summary';

/** 2: summaries count tool calls and name the first paths (a version-1 index is rebuilt from the logs). */
const INDEX_VERSION = 2;

interface IndexEntry {
  summary: SessionSummary;
  titled: boolean;
  /** Log length the summary describes. Logs are append-only: same length ⇒ same content. */
  sizeBytes: number;
}

/** An entry read back from index.json, or undefined when it is not one (the log is then rescanned). */
function indexEntryFrom(id: string, value: unknown): IndexEntry | undefined {
  if (!isJsonObject(value)) return undefined;
  const summary = sessionSummarySchema.safeParse(value.summary);
  const { titled, sizeBytes } = value;
  if (!summary.success || summary.data.id !== id || typeof titled !== 'boolean') return undefined;
  if (typeof sizeBytes !== 'number' || !Number.isSafeInteger(sizeBytes) || sizeBytes < 0) return undefined;
  return { summary: summary.data, titled, sizeBytes };
}

export interface SessionIndexOptions {
  callTitle?: CallTitle;
  /** A log that could not be summarized (unreadable header, I/O error). */
  onProblem?: (message: string) => void;
  /** Coalesces index writes during a busy turn. */
  persistDelayMs?: number;
}

/**
 * Cached summaries of every session (`index.json`), so listing sessions reads
 * one small file and a `stat` per log instead of every log. Writers keep their
 * entry current on each append; a log whose size no longer matches its entry
 * (written by a server that was killed before the index was saved, or edited)
 * is rescanned, alone. The index is a cache: deleting it only costs one rescan.
 */
export class SessionIndex {
  private readonly entries = new Map<string, IndexEntry>();
  /** Sessions with an open writer in this process: their in-memory entry is the truth. */
  private readonly live = new Set<string>();
  private persistTimer: NodeJS.Timeout | undefined;
  private persisting: Promise<void> = Promise.resolve();

  private constructor(
    private readonly layout: DataDirLayout,
    private readonly options: SessionIndexOptions,
  ) {}

  static async load(layout: DataDirLayout, options: SessionIndexOptions = {}): Promise<SessionIndex> {
    const index = new SessionIndex(layout, options);
    await index.readIndexFile();
    return index;
  }

  /** A writer's summary after an append (cheap: memory only, saved a little later). */
  record(state: SummaryState, sizeBytes: number): void {
    this.live.add(state.summary.id);
    this.entries.set(state.summary.id, { summary: state.summary, titled: state.titled, sizeBytes });
    this.schedulePersist();
  }

  /** The writer closed: from now on the file on disk is checked again. */
  writerClosed(id: string): void {
    this.live.delete(id);
  }

  /** Every session, newest activity first; `cwd` keeps only sessions of that workspace. */
  async list(filter: { cwd?: string } = {}): Promise<SessionSummary[]> {
    let names: string[];
    try {
      names = await readdir(this.layout.sessionsDir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const ids = names.map(sessionIdFromLogName).filter((id): id is string => id !== undefined);
    const seen = new Set(ids);
    let changed = false;
    for (const id of [...this.entries.keys()]) {
      if (!seen.has(id) && !this.live.has(id)) {
        this.entries.delete(id);
        changed = true;
      }
    }
    await forEachLimited(ids, 4, async (id) => {
      if (this.live.has(id)) return;
      const path = join(this.layout.sessionsDir, `${id}.jsonl`);
      let size: number;
      try {
        size = (await stat(path)).size;
      } catch {
        return; // removed meanwhile
      }
      if (this.entries.get(id)?.sizeBytes === size) return;
      const rescanned = await this.summarize(path, size);
      // A writer may have opened the session while we were reading: its entry wins.
      if (this.live.has(id)) return;
      if (rescanned) this.entries.set(id, rescanned);
      else this.entries.delete(id);
      changed = true;
    });
    if (changed) this.schedulePersist();
    return [...this.entries.values()]
      .map((entry) => entry.summary)
      .filter((summary) => filter.cwd === undefined || summary.cwd === filter.cwd)
      .sort((a, b) => (a.lastActivity === b.lastActivity ? b.id.localeCompare(a.id) : b.lastActivity < a.lastActivity ? -1 : 1));
  }

  /** Summary of one session from memory, if known. */
  get(id: string): SessionSummary | undefined {
    return this.entries.get(id)?.summary;
  }

  /** Writes index.json now (after any pending change). */
  async flush(): Promise<void> {
    if (this.persistTimer) {
      clearTimeout(this.persistTimer);
      this.persistTimer = undefined;
      await this.persist();
    }
    await this.persisting;
  }

  private async summarize(path: string, sizeBytes: number): Promise<IndexEntry | undefined> {
    try {
      let state: SummaryState | undefined;
      const report = await replaySessionLog(path, (event, header) => {
        state = foldSummary(state ?? startSummary(header), event, this.options.callTitle);
      });
      const final = state ?? startSummary(report.header);
      return { summary: final.summary, titled: final.titled, sizeBytes };
    } catch (error) {
      this.options.onProblem?.(`skipping session log ${path}: ${(error as Error).message}`);
      return undefined;
    }
  }

  private schedulePersist(): void {
    if (this.persistTimer) return;
    this.persistTimer = setTimeout(() => {
      this.persistTimer = undefined;
      void this.persist();
    }, this.options.persistDelayMs ?? 500);
    this.persistTimer.unref();
  }

  private persist(): Promise<void> {
    const sessions = Object.fromEntries(this.entries);
    const text = JSON.stringify({ version: INDEX_VERSION, sessions });
    const next = this.persisting.then(async () => {
      // Write-then-rename: a crash leaves the old index or the new one, never half of one.
      const temporary = `${this.layout.indexPath}.${process.pid}.tmp`;
      try {
        await writeFile(temporary, text, { mode: 0o600 });
        await rename(temporary, this.layout.indexPath);
      } catch (error) {
        this.options.onProblem?.(`could not save the session index: ${(error as Error).message}`);
      }
    });
    this.persisting = next;
    return next;
  }

  private async readIndexFile(): Promise<void> {
    let raw: unknown;
    try {
      raw = JSON.parse(await readFile(this.layout.indexPath, 'utf8'));
    } catch {
      return; // missing or unreadable: rebuilt from the logs by the first list()
    }
    if (!isJsonObject(raw) || raw.version !== INDEX_VERSION || !isJsonObject(raw.sessions)) return;
    for (const [id, value] of Object.entries(raw.sessions)) {
      const entry = indexEntryFrom(id, value);
      if (entry) this.entries.set(id, entry);
    }
  }
}

async function forEachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await work(item);
    }
  });
  await Promise.all(workers);
}
