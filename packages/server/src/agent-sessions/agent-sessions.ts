import { watch, type FSWatcher } from 'node:fs';
import { stat } from 'node:fs/promises';
import { relative } from 'node:path';
import type { ImportedEvent, ImportedSource, ImporterState, TranscriptImporter } from '@toolcards/importers';
import type { SessionSummary } from '@toolcards/protocol';
import type { SessionStore } from '@toolcards/session';
import type { SessionRegistry } from '../runtime/session-registry';
import { mirrorIdOf } from './mirror-id';
import { MirrorIndex } from './mirror-index';
import type { NotUnderstood } from './not-understood-summary';
import { discoverTranscripts, transcriptPathShape } from './transcript-discovery';
import type { TranscriptFolder } from './transcript-folders';
import { CATCH_UP_BYTES, TranscriptMirror, type MirrorSink } from './transcript-mirror';
import { agentName, importerFor } from './importer-for-source';
import { subagentTranscriptOf } from './subagent-transcript';
import { readTranscriptHead } from './transcript-head';
import { listedSummary } from './listed-summary';
import { ImporterStates } from './importer-states';

export interface AgentSessionsDeps {
  folders: readonly TranscriptFolder[];
  dataDir: string;
  store: SessionStore;
  registry: SessionRegistry;
  report: (message: string) => void;
  /** The importer of each source (tests may pass their own). */
  importers?: (source: ImportedSource) => (from?: ImporterState) => TranscriptImporter;
  /** How often the folders are walked again in case a watch missed something. Default 5 s. */
  pollMs?: number;
  /** When transcripts never mapped are mapped (StartServerOptions.agentMapping). Default 'background'. */
  mapping?: AgentMapping;
}

/** 'background': after the listing, one at a time; 'when-opened': when its session is opened or its file changes. */
export type AgentMapping = 'background' | 'when-opened';

/** The ids mirrors have (mirror-id.ts): only those wait for the first walk. */
const MIRROR_ID_SHAPE = /^c[cx]-/;
/** More transcripts than this to list and map at once earn progress lines. */
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
  private readonly states: ImporterStates;
  /** Transcripts never mapped, listed from their heads until their mapping is done (by mirror id). */
  private readonly listedFromHead = new Map<string, SessionSummary>();
  private settleListed!: () => void;
  private settleWalked!: () => void;
  /** The first walk of the folders is done: every transcript there has its mirror id. */
  private readonly walked = new Promise<void>((resolve) => (this.settleWalked = resolve));
  /** Every transcript found at start is listed (from its head, when it was never mapped). */
  readonly listed = new Promise<void>((resolve) => (this.settleListed = resolve));
  /** The first walk and mapping, done in the background once the server listens. */
  readonly ready: Promise<void>;

  private constructor(
    private readonly deps: AgentSessionsDeps,
    private readonly index: MirrorIndex,
  ) {
    this.states = new ImporterStates(deps.dataDir);
    this.ready = this.firstSync();
  }

  static async start(deps: AgentSessionsDeps): Promise<AgentSessions> {
    const index = await MirrorIndex.load(deps.dataDir, deps.report);
    return new AgentSessions(deps, index);
  }

  /** Sessions of transcripts not mapped yet, as their heads list them (`mapping`). */
  listedSessions(): SessionSummary[] {
    return [...this.listedFromHead.values()];
  }

  /**
   * Resolves once the session can be shown as history: a mirror not mapped yet, or catching
   * up with a transcript that grew a lot, is mapped first (ahead of the background mapping).
   * A page that subscribed mid-mapping would take the mapping's events for live ones.
   */
  async untilViewable(id: string): Promise<void> {
    // A page reloaded as the server starts asks before the walk has named the mirrors.
    if (MIRROR_ID_SHAPE.test(id)) await this.walked;
    const path = this.pathById.get(id);
    const mirror = path === undefined ? undefined : this.mirrors.get(path);
    if (!mirror) return;
    if (!mirror.catchingUp && !(await this.farBehind(mirror))) return;
    await this.syncMirror(mirror);
  }

  /** Never mapped, or the transcript grew by more than a live line or two since (toolcards was not running). */
  private async farBehind(mirror: TranscriptMirror): Promise<boolean> {
    const known = this.index.get(mirror.path);
    if (known === undefined) return true;
    try {
      return (await stat(mirror.path)).size - known.offset > CATCH_UP_BYTES;
    } catch {
      return false; // gone: its mirror is what is left of it
    }
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
    this.settleListed();
    this.settleWalked();
    await this.ready.catch(() => {});
    // Saved states let the next start resume each mirror at its offset (one at a time: there may be a thousand).
    for (const mirror of this.mirrors.values()) await mirror.flush().catch(() => {});
    await this.index.flush();
  }

  /**
   * Lists every transcript never mapped from its head (a first start: reading and parsing
   * all of them would take about as long as mapping them), then maps them in the
   * background, most recently written first, one at a time, yielding between chunks.
   */
  private async firstSync(): Promise<void> {
    for (const folder of this.deps.folders) this.watchFolder(folder);
    const found = await this.walk().finally(() => this.settleWalked());
    const started = Date.now();
    const unmapped = found.filter((mirror) => this.index.get(mirror.path) === undefined);
    const progress = unmapped.length >= PROGRESS_FROM;
    if (progress) this.deps.report(`listing ${unmapped.length} ${this.agentNames()} transcripts…`);
    const written = new Map<TranscriptMirror, number>();
    for (const mirror of unmapped) {
      if (this.closed) return this.settleListed();
      written.set(mirror, await this.listFromHead(mirror));
    }
    this.settleListed();
    if (progress) this.deps.report(`listed ${unmapped.length} transcripts in ${seconds(started)}; mapping them in the background`);
    const mapped = Date.now();
    // Those mapped before first (an unchanged one costs a stat), then the most recently written.
    const background = (this.deps.mapping ?? 'background') === 'background';
    const order = [...found].filter((mirror) => background || !this.listedFromHead.has(mirror.id)).sort((a, b) => (written.get(b) ?? Number.MAX_VALUE) - (written.get(a) ?? Number.MAX_VALUE) || 0);
    for (const mirror of order) {
      if (this.closed) return;
      await this.syncMirror(mirror);
      this.releaseIfIdle(mirror, started);
      await nextTurn();
    }
    if (progress) this.deps.report(`mapped ${unmapped.length} transcripts in ${seconds(mapped)}`);
    await this.index.flush();
    this.poller = setInterval(() => void this.poll(), this.deps.pollMs ?? 5_000);
    this.poller.unref();
  }

  /** Lists a transcript from its head; answers its mtime (0 when it could not be read: it is mapped later, or reported then). */
  private async listFromHead(mirror: TranscriptMirror): Promise<number> {
    try {
      const file = await stat(mirror.path);
      const facts = await readTranscriptHead(mirror.path, (this.deps.importers ?? importerFor)(mirror.source)());
      // Mapped meanwhile (a page opened it): its log lists it now.
      if (this.index.get(mirror.path) === undefined) {
        this.listedFromHead.set(mirror.id, listedSummary({ id: mirror.id, source: mirror.source, facts, mtime: file.mtime, ...(mirror.parent !== undefined ? { parent: mirror.parent } : {}) }));
      }
      return file.mtimeMs;
    } catch {
      return 0;
    }
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
      mirror = new TranscriptMirror(path, source, mirrorIdOf(source, path), { index: this.index, sink: this.sink, createImporter, states: this.states, ...(parent !== undefined ? { parent } : {}) });
      this.mirrors.set(path, mirror);
      this.pathById.set(mirror.id, path);
    }
    return mirror;
  }

  private async poll(): Promise<void> {
    if (this.closed) return;
    for (const folder of this.deps.folders) this.watchFolder(folder);
    const now = Date.now();
    const background = (this.deps.mapping ?? 'background') === 'background';
    for (const mirror of await this.walk()) {
      if (this.closed) return;
      // Listed and left for its opening (a change of its file is seen by the watch).
      if (!background && this.listedFromHead.has(mirror.id)) continue;
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
      this.listedFromHead.delete(mirror.id);
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
      // Only where the log ends: its tail says so, and a page opening the mirror is not held up by a replay from the start.
      const runtime = await this.deps.registry.get(id, { mapping: true, viewing: true });
      return runtime?.live.nextSeq;
    },
    create: async (id, header) => {
      this.deps.store.createMirror({ id, ...header }).log.close();
    },
    append: async (id, events: readonly ImportedEvent[]) => {
      const runtime = await this.deps.registry.get(id, { mapping: true });
      if (!runtime) throw new Error(`the mirror session ${id} is gone`);
      for (const { time, event } of events) runtime.live.append(event, eventTime(time));
    },
    remove: async (id) => {
      await this.deps.registry.closeSession(id);
      await this.deps.store.remove(id);
    },
  };
}

function seconds(since: number): string {
  return `${((Date.now() - since) / 1000).toFixed(1)} s`;
}

/** Lets pages and live lines through between two transcripts of the background mapping. */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** The agent's time for the event; a missing or broken one is now (the log needs a valid time). */
function eventTime(time: string): Date {
  const date = new Date(time);
  return Number.isNaN(date.getTime()) ? new Date() : date;
}
