import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ServerFrame } from '@toolcards/protocol';
import { ClientProvider } from '../store/client-context';
import { clientForTests, ingestForTests } from '../test-support/client-for-tests';
import { explorationFrames, FIVE_STEP_RUN } from '../test-support/exploration-fixtures';
import { forgetDensityForTests, setDensity } from './density-setting';
import { DensityToggle } from './density-toggle';
import { Timeline } from './timeline';

const userMessage = (seq: number, text: string): ServerFrame => ({ type: 'event', sessionId: 's1', event: { seq, time: 't', type: 'user/message', data: { text } } });

function renderTimeline(frames: ServerFrame[]) {
  const client = clientForTests();
  ingestForTests(client, frames);
  const view = render(
    <ClientProvider client={client}>
      <DensityToggle />
      <Timeline />
    </ClientProvider>,
  );
  return { client, ...view };
}

const header = () => screen.getByRole('button', { name: /^Explored .*(Expand|Collapse) all$/ });
const lines = () => screen.queryAllByRole('button', { expanded: false, name: /Show its card$/ });
/** Each row's card (its outer article): a search card holds articles of its own. */
const cards = (container: HTMLElement) =>
  [...container.querySelectorAll('.timeline__row')].map((row) => row.querySelector('article.tc-card:not(.tc-card--call)')).filter((card) => card !== null);

describe('folded exploration in the timeline', () => {
  beforeEach(() => {
    localStorage.clear();
    forgetDensityForTests();
  });
  afterEach(() => {
    localStorage.clear();
    forgetDensityForTests();
  });

  it('shows a run of five as a header and five lines, each opening its card in place; Expand all and Collapse all', async () => {
    const { container } = renderTimeline([userMessage(0, 'look around'), ...explorationFrames('s1', FIVE_STEP_RUN, 1)]);
    expect(header().textContent).toContain('Explored 3 files · 2 searches');
    expect(header().getAttribute('aria-expanded')).toBe('false');
    expect(lines().map((line) => line.textContent)).toEqual([
      '▤src/app.tslines 1–40 of 120',
      '⌕Grep needle3 matches in 3 files',
      '▤src/parse.tslines 1–20 of 20',
      '⌕Glob **/*.test.ts4 files',
      '▤src/lex.tslines 1–8 of 300',
    ]);
    expect(cards(container)).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: /src\/parse\.ts.*Show its card/ }));
    expect(await screen.findByRole('button', { name: /src\/parse\.ts.*Fold its card back to a line/, expanded: true })).toBeTruthy();
    await screen.findByRole('article', { name: /parse\.ts/ });
    expect(lines()).toHaveLength(4);

    await userEvent.click(header());
    expect(header().getAttribute('aria-expanded')).toBe('true');
    expect(lines()).toHaveLength(0);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(cards(container).length).toBe(5);

    await userEvent.click(header());
    expect(lines()).toHaveLength(5);
    expect(cards(container)).toHaveLength(0);
  });

  it('by keyboard: Enter on a line opens its card and the focus goes to its rail; Enter there folds it back to the line', async () => {
    renderTimeline(explorationFrames('s1', FIVE_STEP_RUN));
    screen.getByRole('button', { name: /src\/parse\.ts.*Show its card/ }).focus();
    await userEvent.keyboard('{Enter}');
    const rail = screen.getByRole('button', { name: /src\/parse\.ts.*Fold its card back to a line/ });
    expect(document.activeElement).toBe(rail);
    await userEvent.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /src\/parse\.ts.*Show its card/ }));
  });

  it('marks a failed call in its line and counts it in the header', () => {
    renderTimeline(explorationFrames('s1', [{ read: 'a.ts' }, { failedRead: 'gone.ts' }, { grep: 'x', files: 1 }]));
    expect(header().textContent).toContain('Explored 2 files · 1 search · 1 error');
    const failed = screen.getByRole('button', { name: /^failed: Read gone\.ts, File not found: gone\.ts/ });
    expect(failed.className).toContain('tl-fold__line--error');
  });

  it('full density folds nothing, and the choice is remembered', async () => {
    const { container, unmount } = renderTimeline(explorationFrames('s1', FIVE_STEP_RUN));
    await userEvent.click(screen.getByRole('button', { name: 'Fold runs of reads and searches', pressed: true }));
    expect(screen.queryByRole('button', { name: /^Explored/ })).toBeNull();
    expect(container.querySelectorAll('.timeline__row')).toHaveLength(5);
    expect(localStorage.getItem('toolcards.density')).toBe('full');
    unmount();
    forgetDensityForTests();
    renderTimeline(explorationFrames('s1', FIVE_STEP_RUN));
    expect(screen.getByRole('button', { name: 'Fold runs of reads and searches', pressed: false })).toBeTruthy();
    act(() => setDensity('compact'));
    expect(header()).toBeTruthy();
  });

  it('a reveal into a fold (find, a link, a jump) opens that call', async () => {
    const { client } = renderTimeline(explorationFrames('s1', FIVE_STEP_RUN));
    // The third call (src/parse.ts) starts at seq 4.
    act(() => client.store.revealFound(4, {}));
    expect(screen.getByRole('button', { name: /src\/parse\.ts.*Fold its card back to a line/, expanded: true })).toBeTruthy();
    expect(lines()).toHaveLength(4);
    // Its result's seq finds the same call.
    act(() => client.store.revealFound(7, {}));
    expect(lines()).toHaveLength(3);
  });

  it('a live run folds as it grows: the two cards drawn stay cards above the fold, the third call starts it as a line', async () => {
    const { client, container } = renderTimeline([userMessage(0, 'go')]);
    const run = explorationFrames('s1', FIVE_STEP_RUN, 1);
    act(() => ingestForTests(client, run.slice(0, 4)));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(screen.queryByRole('button', { name: /^Explored/ })).toBeNull();
    const drawn = [...cards(container)];
    expect(drawn).toHaveLength(2);

    act(() => ingestForTests(client, run.slice(4, 6)));
    expect(header().textContent).toContain('Explored 1 file');
    // The same card elements, in the same rows, above the fold: not mounted again, nothing moved.
    expect([...cards(container)]).toEqual(drawn);
    const order = [...container.querySelectorAll('.timeline__row')].map((row) => (row.querySelector('.tl-fold__header') ? 'header' : row.classList.contains('timeline__row--fold-line') ? 'line' : 'row'));
    expect(order).toEqual(['row', 'row', 'row', 'header', 'line']);
    expect(lines().map((line) => line.textContent)).toEqual(['▤src/parse.tslines 1–20 of 20']);

    act(() => ingestForTests(client, run.slice(6)));
    expect(header().textContent).toContain('Explored 2 files · 1 search');
    expect(header().getAttribute('aria-label')).toContain('3 calls');
  });
});
