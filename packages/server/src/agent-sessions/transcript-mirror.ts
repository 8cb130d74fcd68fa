import { open, stat } from 'node:fs/promises';
import type { ImportedEvent, ImportedSource, ImporterState, TranscriptImporter } from '@toolcards/importers';
import { completeLines } from './complete-lines';
import { headHashOf, type ImporterStates } from './importer-states';
import type { MirrorIndex } from './mirror-index';
import { notUnderstoodSummary, type NotUnderstood } from './not-understood-summary';

/** Where a mirror's events go: a toolcards session log in the data dir (agent-sessions.ts gives the real one). */
export interface MirrorSink {
  /** Events the mirror's log holds, or undefined when it does not exist yet. */
  loggedCount(id: string): Promise<number | undefined>;
  create(id: string, header: { cwd: string; createdAt: string; source: ImportedSource; transcript: string; parent?: string }): Promise<void>;
  /** Logs the events in order (live watchers get them as they are logged). */
  append(id: string, events: readonly ImportedEvent[]): Promise<void>;
  /** Deletes the mirror (its transcript was truncated or replaced). */
  remove(id: string): Promise<void>;
}

/** Bytes read at a time: a huge transcript never sits in memory whole, and pages get a turn between chunks. */
const CHUNK_BYTES = 1024 * 1024;
/** A sync with more than this to map is catching up: pages wait for it (AgentSessions.untilViewable). */
export const CATCH_UP_BYTES = 1024 * 1024;
/** The importer's state is saved this long after the last sync (a live agent writes often). */
const SAVE_STATE_AFTER_MS = 5_000;

/**
 * One transcript and its mirror session. `sync` maps what the file gained since the last
 * sync: complete lines from the last offset are fed to the importer and what comes out is
 * appended; a torn last line waits for its newline. After a restart the importer resumes
 * from the state saved at the offset it had mapped (ImporterStates), when the transcript's
 * first bytes still hash the same; else, importing being deterministic, it is fed the file
 * again from the start. Either way the events the log already holds are dropped (the seqs, and
 * permalinks, stay the same). A file whose inode changed or that shrank below what was mapped
 * is mirrored again from scratch.
 */
export class TranscriptMirror {
  private importer: TranscriptImporter | undefined;
  /** Bytes of the file fed to `importer`. */
  private fed = 0;
  /** Events the importer will give again that the log already holds. */
  private alreadyLogged = 0;
  /** Events the importer has given in all (those dropped as already logged included). */
  private emitted = 0;
  private saveTimer: NodeJS.Timeout | undefined;
  private exists = false;
  private running: Promise<void> | undefined;
  private again = false;
  /** Mapping much more than a live line or two (a first start, a transcript that grew a lot while toolcards was not running). */
  catchingUp = false;

  constructor(
    readonly path: string,
    readonly source: ImportedSource,
    readonly id: string,
    private readonly deps: {
      index: MirrorIndex;
      sink: MirrorSink;
      createImporter: (from?: ImporterState) => TranscriptImporter;
      states: ImporterStates;
      /** A subagent's transcript: the mirror id of the session that started it. */
      parent?: string;
    },
  ) {}

  /** A subagent's transcript: the mirror id of the session that started it. */
  get parent(): string | undefined {
    return this.deps.parent;
  }

  /** Syncs now, or once more after the sync that runs (calls while it runs are coalesced). */
  sync(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await this.syncOnce();
        } while (this.again);
        this.scheduleSave();
      } finally {
        this.running = undefined;
      }
    })();
    return this.running;
  }

  /** Lets the importer's memory go (an idle transcript), its state saved; the next change resumes from it. */
  release(): void {
    if (this.running || !this.importer) return;
    void this.saveState().catch(() => {});
    this.importer = undefined;
  }

  /** Saves the importer's state now, if a sync left one unsaved (the server closes). */
  async flush(): Promise<void> {
    if (this.saveTimer === undefined) return;
    clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
    await this.saveState();
  }

  private scheduleSave(): void {
    if (!this.importer) return;
    clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(() => {
      this.saveTimer = undefined;
      void this.saveState().catch(() => {});
    }, SAVE_STATE_AFTER_MS);
    this.saveTimer.unref();
  }

  /** Between syncs only: the importer, the offset and the events given then agree. */
  private async saveState(): Promise<void> {
    const importer = this.importer;
    if (!importer || this.running) return;
    const offset = this.fed;
    const events = this.emitted;
    const state = importer.state();
    await this.deps.states.save(this.id, { offset, events, headHash: await headHashOf(this.path, offset), state });
  }

  /**
   * The importer as saved at an earlier offset, if the log holds what it had given; 'rewritten'
   * when the transcript no longer starts as it did (the same file written over in place).
   */
  private async resumed(logged: number, size: number): Promise<{ importer: TranscriptImporter; offset: number; events: number } | 'rewritten' | undefined> {
    const saved = await this.deps.states.load(this.id);
    if (!saved || saved.offset > size) return undefined;
    if ((await headHashOf(this.path, saved.offset)) !== saved.headHash) return 'rewritten';
    if (saved.events > logged) return undefined;
    try {
      return { importer: this.deps.createImporter(saved.state), offset: saved.offset, events: saved.events };
    } catch {
      return undefined; // another layout or a damaged state: fed from the start instead
    }
  }

  private async syncOnce(): Promise<void> {
    let file;
    try {
      file = await stat(this.path);
    } catch {
      return; // gone: its mirror stays, as a session that ended
    }
    const known = this.deps.index.get(this.path);
    if (!this.importer && known && sameFile(known, file) && known.size === file.size && known.mtimeMs === file.mtimeMs && known.offset <= file.size) return;
    const replaced = known !== undefined && (!sameFile(known, file) || file.size < known.offset || (this.importer !== undefined && file.size < this.fed));
    if (replaced) {
      clearTimeout(this.saveTimer);
      this.saveTimer = undefined;
      await this.deps.sink.remove(this.id);
      await this.deps.states.remove(this.id);
      this.importer = undefined;
    }
    if (!this.importer) {
      let logged = await this.deps.sink.loggedCount(this.id);
      let resumed = !replaced && known !== undefined && logged !== undefined ? await this.resumed(logged, file.size) : undefined;
      if (resumed === 'rewritten') {
        await this.deps.sink.remove(this.id);
        await this.deps.states.remove(this.id);
        logged = undefined;
        resumed = undefined;
      }
      this.importer = resumed?.importer ?? this.deps.createImporter();
      this.fed = resumed?.offset ?? 0;
      this.emitted = resumed?.events ?? 0;
      this.alreadyLogged = (logged ?? 0) - this.emitted;
      this.exists = logged !== undefined;
    }
    this.catchingUp = file.size - (replaced ? 0 : (known?.offset ?? 0)) > CATCH_UP_BYTES;
    try {
      await this.feedFrom(file.size);
    } catch (error) {
      // The importer is ahead of the log now: the next sync starts it again from the file's start.
      this.importer = undefined;
      throw error;
    } finally {
      this.catchingUp = false;
    }
    this.deps.index.set(this.path, {
      source: this.source,
      mirrorId: this.id,
      offset: this.fed,
      dev: file.dev,
      ino: file.ino,
      size: file.size,
      mtimeMs: file.mtimeMs,
      ...(this.importer.facts().title !== undefined ? { title: this.importer.facts().title } : {}),
      ...notUnderstoodEntry(this.importer),
    });
  }

  private async feedFrom(sizeSeen: number): Promise<void> {
    const importer = this.importer as TranscriptImporter;
    const handle = await open(this.path, 'r');
    try {
      let buffer: Buffer = Buffer.alloc(Math.min(CHUNK_BYTES, Math.max(sizeSeen - this.fed, 1) + 64 * 1024));
      let carried = 0;
      for (;;) {
        if (carried === buffer.length) buffer = grown(buffer); // one line longer than the buffer
        const { bytesRead } = await handle.read(buffer, carried, buffer.length - carried, this.fed + carried);
        if (bytesRead === 0) return;
        const filled = carried + bytesRead;
        const { lines, consumed } = completeLines(buffer.subarray(0, filled));
        const events: ImportedEvent[] = [];
        for (const line of lines) {
          for (const imported of importer.feedLine(line)) {
            this.emitted += 1;
            if (this.alreadyLogged > 0) this.alreadyLogged -= 1;
            else events.push(imported);
          }
        }
        if (events.length > 0) await this.log(events);
        this.fed += consumed;
        buffer.copy(buffer, 0, consumed, filled);
        carried = filled - consumed;
        if (this.catchingUp) await nextTurn();
      }
    } finally {
      await handle.close();
    }
  }

  private async log(events: ImportedEvent[]): Promise<void> {
    if (!this.exists) {
      const facts = (this.importer as TranscriptImporter).facts();
      await this.deps.sink.create(this.id, { cwd: facts.cwd ?? '', createdAt: facts.createdAt ?? events[0]!.time, source: this.source, transcript: this.path, ...(this.deps.parent !== undefined ? { parent: this.deps.parent } : {}) });
      this.exists = true;
    }
    await this.deps.sink.append(this.id, events);
  }
}

function notUnderstoodEntry(importer: TranscriptImporter): { notUnderstood?: NotUnderstood } {
  const notUnderstood = notUnderstoodSummary(importer.notUnderstood());
  return notUnderstood === undefined ? {} : { notUnderstood };
}

function sameFile(known: { dev: number; ino: number }, file: { dev: number; ino: number }): boolean {
  return known.dev === file.dev && known.ino === file.ino;
}

/** Lets other work (a page's request, a live line of another transcript) run between two chunks. */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

function grown(buffer: Buffer): Buffer {
  const next = Buffer.alloc(buffer.length * 2);
  buffer.copy(next);
  return next;
}
