import { nextTask } from '../highlight/next-task';
import { prefetchResultHighlight } from './prefetch-result-highlight';
import { resultViewOf } from './row-views';
import type { ToolRow } from '../model/timeline-row';

/**
 * What a live result's card will need, started as its frame is ingested (ClientState's
 * `onLiveResult`): a read's highlighting at once (the worker's work), and its view's
 * validation in a task of its own, so the frame that first draws the card finds it in the
 * view cache instead of paying for it (decision 0014, Measurements). Only reads with a
 * language (those whose highlighting is asked for): their views are the large ones, and a
 * stream of small results should not queue a task each for rows never drawn.
 */
export function prepareLiveResult(row: ToolRow): void {
  if (!prefetchResultHighlight(row)) return;
  const { result, call } = row;
  if (result) void nextTask().then(() => resultViewOf(result, call));
}
