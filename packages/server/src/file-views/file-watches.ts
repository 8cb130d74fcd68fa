import { watch, watchFile, unwatchFile, type FSWatcher, type Stats } from 'node:fs';
import path from 'node:path';

export interface FileWatchOptions {
  /** Folders watched with fs.watch at most; files in further folders are polled. Default 64. */
  maxFolders?: number;
  /** How often a polled file is checked. Default 2 s. */
  pollMs?: number;
}

type Listener = () => void;

interface WatchedFolder {
  watcher: FSWatcher | undefined;
  /** File name in the folder → who wants to hear of it. */
  files: Map<string, Set<Listener>>;
}

/**
 * Tells listeners when a file may have changed. The file's folder is watched, not the file:
 * editors save by writing a new file and renaming it over the old one, which a watch on the
 * old file would miss. The number of folder watchers is bounded (inotify watches are a shared,
 * limited resource); a file past the bound, or in a folder that cannot be watched, is polled.
 * Listeners may be told of changes that are none: callers check.
 */
export class FileWatches {
  private readonly folders = new Map<string, WatchedFolder>();
  private readonly polled = new Map<string, Set<Listener>>();
  private readonly maxFolders: number;
  private readonly pollMs: number;

  constructor(options: FileWatchOptions = {}) {
    this.maxFolders = options.maxFolders ?? 64;
    this.pollMs = options.pollMs ?? 2_000;
  }

  /** Starts telling `listener` of changes to the file at `absolute`; the returned function stops it. */
  watch(absolute: string, listener: Listener): () => void {
    const folder = path.dirname(absolute);
    const name = path.basename(absolute);
    const watched = this.folders.get(folder) ?? this.openFolder(folder);
    if (watched) {
      addTo(watched.files, name, listener);
      return () => this.unwatchInFolder(folder, name, listener);
    }
    this.poll(absolute, listener);
    return () => this.unpoll(absolute, listener);
  }

  /** Files watched by a folder watcher and files polled, for tests and limits. */
  get counts(): { folders: number; polled: number } {
    return { folders: [...this.folders.values()].filter((folder) => folder.watcher !== undefined).length, polled: this.polled.size };
  }

  close(): void {
    for (const folder of this.folders.values()) folder.watcher?.close();
    this.folders.clear();
    for (const file of this.polled.keys()) unwatchFile(file);
    this.polled.clear();
  }

  private openFolder(folder: string): WatchedFolder | undefined {
    if (this.folders.size >= this.maxFolders) return undefined;
    const watched: WatchedFolder = { watcher: undefined, files: new Map() };
    try {
      watched.watcher = watch(folder, { persistent: false }, (_event, filename) => this.folderChanged(watched, filename));
    } catch {
      // Missing folder, no permission, or out of inotify watches: poll instead.
      return undefined;
    }
    watched.watcher.on('error', () => this.fallBackToPolling(folder, watched));
    this.folders.set(folder, watched);
    return watched;
  }

  private folderChanged(watched: WatchedFolder, filename: string | Buffer | null): void {
    // No name (some platforms, or an overflow): any file there may have changed.
    const names = filename === null ? [...watched.files.keys()] : [filename.toString()];
    for (const name of names) for (const listener of [...(watched.files.get(name) ?? [])]) listener();
  }

  /** A folder watcher failed (the folder was removed, say): its files are polled from now on. */
  private fallBackToPolling(folder: string, watched: WatchedFolder): void {
    watched.watcher?.close();
    this.folders.delete(folder);
    for (const [name, listeners] of watched.files) {
      for (const listener of listeners) {
        this.poll(path.join(folder, name), listener);
        // The folder going away is itself news for its files.
        listener();
      }
    }
  }

  private unwatchInFolder(folder: string, name: string, listener: Listener): void {
    const watched = this.folders.get(folder);
    if (!watched) {
      this.unpoll(path.join(folder, name), listener);
      return;
    }
    removeFrom(watched.files, name, listener);
    if (watched.files.size === 0) {
      watched.watcher?.close();
      this.folders.delete(folder);
    }
  }

  private poll(file: string, listener: Listener): void {
    const listeners = this.polled.get(file);
    if (listeners) {
      listeners.add(listener);
      return;
    }
    this.polled.set(file, new Set([listener]));
    watchFile(file, { persistent: false, interval: this.pollMs }, (now: Stats, before: Stats) => {
      if (now.mtimeMs === before.mtimeMs && now.size === before.size && now.ino === before.ino) return;
      for (const each of [...(this.polled.get(file) ?? [])]) each();
    });
  }

  private unpoll(file: string, listener: Listener): void {
    const listeners = this.polled.get(file);
    if (!listeners) return;
    listeners.delete(listener);
    if (listeners.size > 0) return;
    this.polled.delete(file);
    unwatchFile(file);
  }
}

function addTo(map: Map<string, Set<Listener>>, key: string, listener: Listener): void {
  const set = map.get(key);
  if (set) set.add(listener);
  else map.set(key, new Set([listener]));
}

function removeFrom(map: Map<string, Set<Listener>>, key: string, listener: Listener): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(listener);
  if (set.size === 0) map.delete(key);
}
