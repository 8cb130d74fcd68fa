import { useCallback, useMemo, useState } from 'react';
import type { ReadResultView } from '@toolcards/protocol';
import type { FileSource } from '../../net/file-source';
import { GROW_STEP_LINES, answerDiffers, fetchAbove, fetchBelow, initialGrowth, shownEdges, type ReadGrowth } from './read-growth';

export type GrowDirection = 'above' | 'below';

export interface ReadGrowthState {
  growth: ReadGrowth;
  /** Which side is loading. */
  loading: GrowDirection | undefined;
  /** Why the last attempt failed (e.g. the file is gone). */
  error: string | undefined;
  grow(direction: GrowDirection): void;
}

/** A read card's window grown in place, a view action: nothing is logged or sent to the model. */
export function useReadGrowth(view: ReadResultView, source: FileSource | undefined): ReadGrowthState {
  const [state, setState] = useState<{ view: ReadResultView; growth: ReadGrowth }>(() => ({ view, growth: initialGrowth(view) }));
  const [loading, setLoading] = useState<GrowDirection | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  // Another view in the same card (a re-render with a new result) starts over — with one
  // object per view: a fresh one each render made the highlighted lines' effect re-run for ever.
  const fresh = useMemo(() => initialGrowth(view), [view]);
  const growth = state.view === view ? state.growth : fresh;

  const grow = useCallback(
    (direction: GrowDirection) => {
      if (!source || loading) return;
      const fetchLines = (offset: number, limit: number) => source.lines(view.path, offset, limit);
      const { first, last } = shownEdges(view, growth);
      setLoading(direction);
      setError(undefined);
      const added =
        direction === 'above'
          ? fetchAbove(fetchLines, first, GROW_STEP_LINES).then((got) => got && { ...growth, above: [...got.lines, ...growth.above], answer: got.answer })
          : fetchBelow(fetchLines, last, GROW_STEP_LINES).then((got) => ({ ...growth, below: [...growth.below, ...got.lines], answer: got.answer }));
      added
        .then((next) => {
          if (!next) return;
          const { answer, ...rest } = next;
          setState({ view, growth: { ...rest, totalLines: answer.totalLines, fileChanged: growth.fileChanged || answerDiffers(view, answer) } });
        })
        .catch((failure: unknown) => setError(failure instanceof Error ? failure.message : String(failure)))
        .finally(() => setLoading(undefined));
    },
    [source, loading, view, growth],
  );

  return { growth, loading, error, grow };
}
