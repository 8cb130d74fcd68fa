import { useEffect, useState } from 'react';
import { whenIdle } from './when-idle';
import type { wordChanges as WordChangesFn } from './word-changes';

type WordChanges = typeof WordChangesFn;

let loaded: WordChanges | undefined;
let loading: Promise<WordChanges> | undefined;

/**
 * The word-diff function once its module (and jsdiff with it) has loaded: asked for when a
 * diff first has a changed line paired with another. Until then rows draw without marks,
 * in the same layout, so the marks arriving move nothing.
 */
export function useWordChanges(needed: boolean): WordChanges | undefined {
  const [fn, setFn] = useState<WordChanges | undefined>(() => loaded);
  useEffect(() => {
    if (!needed || fn) return undefined;
    let live = true;
    // When the page is next idle: the marks are an extra, the rows and their colours come first.
    loading ??= whenIdle(1_000).then(() => import('./word-changes')).then((module) => (loaded = module.wordChanges));
    loading.then(
      (found) => {
        if (live) setFn(() => found);
      },
      () => {
        loading = undefined; // a chunk that failed to load: marks are an extra, try again next time
      },
    );
    return () => {
      live = false;
    };
  }, [needed, fn]);
  return fn;
}
