import { StrictMode, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import type { ServerFrame } from '@toolcards/protocol';
import { ResultCard, warmHighlight } from '../../apps/web/src/cards';
import { readFixtures } from '../../apps/web/src/test-support/card-fixtures';
import { ClientState } from '../../apps/web/src/store/client-state';
import { prepareLiveResult } from '../../apps/web/src/timeline/prepare-live-result';
import { resultViewOf } from '../../apps/web/src/timeline/row-views';
import type { LiveReadResult } from './bench-results';
import { HighlightProgress } from './highlight-progress';
import { LongTaskRecorder } from './long-tasks';
import { afterNextPaint, whenPainted } from './paint';
import { visibleRowsColoured } from './visible-rows-coloured';
import { ingestFrames } from '../../apps/web/src/test-support/store-frames';

const SESSION = 'bench-live-read';

/** The newest row's result card, from the store as the timeline reads it (zustand, published once per frame). */
function NewestResult({ store }: { store: ClientState }) {
  const rows = useSyncExternalStore(store.state.subscribe, () => store.state.getState().rows);
  const row = rows[rows.length - 1];
  if (row?.kind !== 'tool' || row.result === undefined) return null;
  return <ResultCard view={resultViewOf(row.result, row.call)} />;
}

/**
 * The 2,000-line read arriving live, as the app receives it: a `tool/call` and its
 * `tool/result` frame go into a ClientState, which publishes at the next animation frame
 * (as the client does) and the card mounts from it. `ingest`: the store starts the card's
 * highlighting and validates its view as the result frame is applied (the app's `prepareLiveResult`);
 * otherwise the card asks for it when it mounts. The grammar is warm (the app's idle
 * warm-up); times run from the result frame's arrival.
 */
export async function liveReadScenario(container: HTMLElement, { ingest }: { ingest: boolean }): Promise<LiveReadResult> {
  const progress = HighlightProgress.install();
  warmHighlight('typescript');
  await progress.whenWarmed(['typescript']);
  const store = new ClientState(ingest ? prepareLiveResult : undefined);
  store.openSession(SESSION);
  ingestFrames(store, [{ type: 'caught-up', sessionId: SESSION, lastSeq: -1 }]);
  createRoot(container).render(
    <StrictMode>
      <NewestResult store={store} />
    </StrictMode>,
  );
  await afterNextPaint();
  await afterNextPaint();
  const view = readFixtures.longTypescript;
  const frames: ServerFrame[] = [
    { type: 'event', sessionId: SESSION, event: { seq: 0, time: 't', type: 'tool/call', data: { callId: 'c0', name: 'read', args: { path: view.path }, origin: 'model' } } },
    {
      type: 'event',
      sessionId: SESSION,
      event: { seq: 1, time: 't', type: 'tool/result', data: { callId: 'c0', content: [{ type: 'text', text: view.lines.map((line) => line.text).join('\n') }], isError: false } },
      view,
    },
  ];
  const longTasks = new LongTaskRecorder();

  const started = performance.now();
  for (const frame of frames) store.receive(frame);
  requestAnimationFrame(() => store.publish());
  const firstText = whenPainted(() => (container.querySelector('.tc-read__row .tc-read__code')?.textContent ?? '') !== '');
  const visibleColoured = whenPainted(() => visibleRowsColoured(container));
  const [firstTextAt, visibleColouredAt] = await Promise.all([firstText, visibleColoured]);
  return {
    firstTextMs: firstTextAt - started,
    visibleColouredMs: visibleColouredAt - started,
    longestTaskMs: longTasks.longestBetween(started, visibleColouredAt),
  };
}
