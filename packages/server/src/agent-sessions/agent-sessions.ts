import { watch, type FSWatcher } from 'node:fs';
import { relative } from 'node:path';
import type { ImportedEvent, ImportedSource, TranscriptImporter } from '@toolcards/importers';
import type { SessionStore } from '@toolcards/session';
import type { SessionRegistry } from '../runtime/session-registry';
import { mirrorIdOf } from './mirror-id';
import { MirrorIndex } from './mirror-index';
import type { NotUnderstood } from './not-understood-summary';
import { discoverTranscripts, transcriptPathShape } from './transcript-discovery';
import type { TranscriptFolder } from './transcript-folders';
import { TranscriptMirror, type MirrorSink } from './transcript-mirror';
import { agentName, importerFor } from './importer-for-source';
import { subagentTranscriptOf } from './subagent-transcript';

export interface AgentSessionsDeps {
  folders: readonly TranscriptFolder[];
  dataDir: string;
  store: SessionStore;
  registry: SessionRegistry;
  report: (message: string) => void;
  /** The importer of each source (tests may pass their own). */
  importers?: (source: ImportedSource) => () => TranscriptImporter;
  /** How often the folders are walked again in case a watch missed something. Default 5 s. */
  pollMs?: number;
}

/** More transcripts than this to map at once earn a progress line. */
const PROGRESS_FROM = 20;
/** A transcript not written for this long lets its importer go (fed again from the start when it grows). */
const IDLE_RELEASE_MS = 10 * 60_000;

/**
 * Other agents' sessions, mirrored: finds the transcripts in the agents' folders, keeps one
 * toolcards session per transcript in step with it (TranscriptMirror), and watches the
 * folders (fs.watch, plus a walk every few seconds in case a watch missed a change) so new
 * sessions and new lines show up live. Transcripts are only ever read.
 */
export class AgentSessions {
  private readonly mirrors = new Map<string, TranscriptMirror>();
  private readonly pathById = new Map<string, string>();
  /** One watch per folder root; a folder that did not exist yet is tried again by each walk. */
  private readonly watchers = new Map<string, FSWatcher>();
  private poller: NodeJS.Timeout | undefined;
  private closed = false;
  private readonly failures = new Set<string>();
  /** The first walk and mapping, done in the background once the server listens. */
  readonly ready: Promise<void>;

  private constructor(
    private readonly deps: AgentSessionsDeps,
    private readonly index: MirrorIndex,
  ) {
    this.ready = this.firstSync();
  }

  static async start(deps: AgentSessionsDeps): Promise<AgentSessions> {
    const index = await MirrorIndex.load(deps.dataDir, deps.report);
    return new AgentSessions(deps, index);
  }

  /** The agent's own title for a mirrored session, when it gave one. */
  titleOf(id: string): string | undefined {
    const path = this.pathById.get(id);
    return path === undefined ? undefined : this.index.get(path)?.title;
  }

  /** The records of a mirrored session's transcript its importer did not recognise, when there were any. */
  notUnderstoodOf(id: string): NotUnderstood | undefined {
    const path = this.pathById.get(id);
    return path === undefined ? undefined : this.index.get(path)?.notUnderstood;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.poller);
    for (const watcher of this.watchers.values()) watcher.close();
    await this.ready.catch(() => {});
    await this.index.flush();
  }

  private async firstSync(): Promise<void> {
    for (const folder of this.deps.folders) this.watchFolder(folder);
    const found = await this.walk();
    const started = Date.now();
    // Transcripts never mapped (all of them at a first start) are what takes long.
    const changed = found.filter((mirror) => this.index.get(mirror.path) === undefined);
    if (changed.length >= PROGRESS_FROM) this.deps.report(`indexing ${changed.length} ${this.agentNames()} transcripts…`);
    for (const mirror of found) {
      if (this.closed) return;
      await this.syncMirror(mirror);
      this.releaseIfIdle(mirror, started);
    }
    if (changed.length >= PROGRESS_FROM) this.deps.report(`indexed ${changed.length} transcripts in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await this.index.flush();
    this.poller = setInterval(() => void this.poll(), this.deps.pollMs ?? 5_000);
    this.poller.unref();
  }

  private agentNames(): string {
    return [...new Set(this.deps.folders.map((folder) => agentName(folder.source)))].join(' and ');
  }

  /** Every transcript in the folders now, each with its mirror (made on first sight). */
  private async walk(): Promise<TranscriptMirror[]> {
    const found: TranscriptMirror[] = [];
    for (const folder of this.deps.folders) {
      for (const path of await discoverTranscripts(folder)) found.push(this.mirrorOf(folder.source, path));
    }
    return found;
  }

  private mirrorOf(source: ImportedSource, path: string): TranscriptMirror {
    let mirror = this.mirrors.get(path);
    if (!mirror) {
      const createImporter = (this.deps.importers ?? importerFor)(source);
      const subagent = source === 'claude-code' ? subagentTranscriptOf(path) : undefined;
      const parent = subagent ? mirrorIdOf(source, subagent.parentTranscript) : undefined;
      mirror = new TranscriptMirror(path, source, mirrorIdOf(source, path), { index: this.index, sink: this.sink, createImporter, ...(parent !== undefined ? { parent } : {}) });
      this.mirrors.set(path, mirror);
      this.pathById.set(mirror.id, path);
    }
    return mirror;
  }

  private async poll(): Promise<void> {
    if (this.closed) return;
    for (const folder of this.deps.folders) this.watchFolder(folder);
    const now = Date.now();
    for (const mirror of await this.walk()) {
      if (this.closed) return;
      await this.syncMirror(mirror);
      this.releaseIfIdle(mirror, now);
    }
  }

  /** A transcript the agent has not written for a while lets its importer's memory go. */
  private releaseIfIdle(mirror: TranscriptMirror, now: number): void {
    const known = this.index.get(mirror.path);
    if (known && now - known.mtimeMs > IDLE_RELEASE_MS) mirror.release();
  }

  private watchFolder(folder: TranscriptFolder): void {
    if (this.closed || this.watchers.has(folder.root)) return;
    let watcher: FSWatcher;
    try {
      // Recursive: Claude Code writes one folder per project, Codex one per day.
      watcher = watch(folder.root, { recursive: true, persistent: false }, (_event, name) => {
        if (typeof name !== 'string' || !transcriptPathShape(folder, name)) return;
        void this.syncMirror(this.mirrorOf(folder.source, `${folder.root}/${name}`));
      });
    } catch {
      return; // no such folder (yet): the poll's walk finds what appears in it later
    }
    watcher.on('error', () => {
      watcher.close();
      this.watchers.delete(folder.root);
    });
    this.watchers.set(folder.root, watcher);
  }

  private async syncMirror(mirror: TranscriptMirror): Promise<void> {
    if (this.closed) return;
    try {
      await mirror.sync();
      this.failures.delete(mirror.path);
    } catch (error) {
      // Said once per transcript until it syncs again; the walk retries it.
      if (this.failures.has(mirror.path)) return;
      this.failures.add(mirror.path);
      this.deps.report(`could not mirror ${relative(process.cwd(), mirror.path) || mirror.path}: ${(error as Error).message}`);
    }
  }

  /** Mirrors are ordinary session logs: written through the open session (so watchers see each event live). */
  private readonly sink: MirrorSink = {
    loggedCount: async (id) => {
      if (!(await this.deps.store.exists(id))) return undefined;
      const runtime = await this.deps.registry.get(id);
      return runtime?.live.nextSeq;
    },
    create: async (id, header) => {
      this.deps.store.createMirror({ id, ...header }).log.close();
    },
    append: async (id, events: readonly ImportedEvent[]) => {
      const runtime = await this.deps.registry.get(id);
      if (!runtime) throw new Error(`the mirror session ${id} is gone`);
      for (const { time, event } of events) runtime.live.append(event, eventTime(time));
    },
    remove: async (id) => {
      await this.deps.registry.closeSession(id);
      await this.deps.store.remove(id);
    },
  };
}

/** The agent's time for the event; a missing or broken one is now (the log needs a valid time). */
function eventTime(time: string): Date {
  const date = new Date(time);
  return Number.isNaN(date.getTime()) ? new Date() : date;
}
