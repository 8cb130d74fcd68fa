/**
 * Who wants to hear that a file changed on disk (the server's `files-changed` frame): read
 * cards on screen, to ask their freshness again. Outside the zustand state on purpose: a
 * change re-renders only the cards of that file, not every subscriber of the store.
 */
export class FileChangeListeners {
  private readonly byPath = new Map<string, Set<() => void>>();

  add(path: string, listener: () => void): () => void {
    let listeners = this.byPath.get(path);
    if (!listeners) {
      listeners = new Set();
      this.byPath.set(path, listeners);
    }
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && this.byPath.get(path) === listeners) this.byPath.delete(path);
    };
  }

  notify(paths: readonly string[]): void {
    for (const path of paths) for (const listener of [...(this.byPath.get(path) ?? [])]) listener();
  }
}
