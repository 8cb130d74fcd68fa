import { lazy, type ComponentType } from 'react';

/** Every chunk asked for so far, settled or not. */
const fetching: Promise<void>[] = [];

/** Settles once every chunk asked for so far has come or failed (a test file waits for it before its environment goes). */
export function chunksSettled(): Promise<void> {
  return Promise.allSettled(fetching).then(() => undefined);
}

/**
 * A part whose code is fetched as the page starts, in a chunk beside the entry rather than in
 * it: the shell paints without waiting for it. A component first drawn once the chunk is in
 * draws at once (React.lazy is handed an already settled thenable, so nothing suspends); drawn
 * earlier, it suspends like any lazy part. `ready` settles when the chunk is in (tests wait on it).
 */
export function fetchedWithPage<Module, Props>(chunk: Promise<Module>, pick: (module: Module) => ComponentType<Props>): { Component: ComponentType<Props>; ready: Promise<void> } {
  let loaded: Module | undefined;
  const ready = chunk.then((module) => {
    loaded = module;
  });
  // A failed fetch is the boundary's to show when the part is drawn, not an unhandled rejection now.
  ready.catch(() => {});
  fetching.push(ready);
  const Component = lazy(() => {
    const module = loaded;
    if (module === undefined) return chunk.then((value) => ({ default: pick(value) }));
    const settled: PromiseLike<{ default: ComponentType<Props> }> = {
      then: (onFulfilled) => Promise.resolve(onFulfilled ? onFulfilled({ default: pick(module) }) : ({ default: pick(module) } as never)) as never,
    };
    return settled as Promise<{ default: ComponentType<Props> }>;
  });
  return { Component, ready };
}
