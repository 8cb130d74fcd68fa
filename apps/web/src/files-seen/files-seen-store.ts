import type { FileSeen, FilesSeenResponse } from '@toolcards/protocol';
import type { SeenFilesSource } from '../cards/read/seen-files-context';

export type FilesSeenStatus = { state: 'loading' } | { state: 'ready' } | { state: 'failed'; message: string };

/** What the Files panel renders: a new object on every change (for useSyncExternalStore). */
export interface FilesSeenSnapshot {
  /** Sorted by path. */
  files: readonly FileSeen[];
  /** The answer covers the log up to this seq (-1 before the first answer, or for an empty log). */
  throughSeq: number;
  /** An answer has arrived: `files` is the whole list as of `throughSeq`. */
  loaded: boolean;
  status: FilesSeenStatus;
}

/** Paths in the server's order (code units), whatever the locale. */
function byPath(a: FileSeen, b: FileSeen): number {
  return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
}

/**
 * The held list with an answer applied. Pure. A whole answer replaces the list; an `after`
 * answer (the files touched since) replaces those entries and adds new ones; every other
 * entry stays the same object, so what shows it need not render again.
 */
export function mergeFilesSeen(held: readonly FileSeen[], answer: FilesSeenResponse): FileSeen[] {
  if (answer.afterSeq === undefined) return [...answer.files].sort(byPath);
  if (answer.files.length === 0) return [...held];
  const changed = new Map(answer.files.map((file) => [file.path, file]));
  const merged = held.map((file) => changed.get(file.path) ?? file);
  const known = new Set(held.map((file) => file.path));
  const added = answer.files.filter((file) => !known.has(file.path));
  return added.length === 0 ? merged : [...merged, ...added].sort(byPath);
}

/**
 * The open session's files as the client knows them: fed answers by FilesSeenFeed, read by
 * the Files panel (snapshot) and by read cards' minimaps (fileSeen, per path).
 */
export class FilesSeenStore implements SeenFilesSource {
  private current: FilesSeenSnapshot = { files: [], throughSeq: -1, loaded: false, status: { state: 'loading' } };
  private byPathIndex = new Map<string, FileSeen>();
  private readonly listeners = new Set<() => void>();

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly snapshot = (): FilesSeenSnapshot => this.current;

  fileSeen(path: string): FileSeen | undefined {
    return this.byPathIndex.get(path);
  }

  /** An answer arrived; one older than what is held (a late reply) is dropped. */
  apply(answer: FilesSeenResponse): void {
    if (this.current.loaded && answer.throughSeq < this.current.throughSeq) return;
    const files = mergeFilesSeen(this.current.files, answer);
    this.byPathIndex = new Map(files.map((file) => [file.path, file]));
    this.set({ files, throughSeq: answer.throughSeq, loaded: true, status: { state: 'ready' } });
  }

  /** The last request failed: the list stays as it was, and says so. */
  failed(message: string): void {
    this.set({ ...this.current, status: { state: 'failed', message } });
  }

  private set(next: FilesSeenSnapshot): void {
    this.current = next;
    for (const listener of [...this.listeners]) listener();
  }
}
