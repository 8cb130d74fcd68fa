import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ServerFrame, SessionEvent } from '@toolcards/protocol';
import { readFixtures } from '../test-support/card-fixtures';
import { ClientProvider } from '../store/client-context';
import { clientForTests, ingestForTests } from '../test-support/client-for-tests';
import { TimelineRowView } from '../timeline/timeline-row-view';
import { cardChunksReady } from '../cards/result-card';
import { ExportControl } from './export-control';
import { ExportRangeProvider } from './export-range-context';
import { previewApi } from './test-support/export-api-fixtures';

// The cards fetched with the page are in before anything is drawn here.
beforeAll(() => cardChunksReady);
afterEach(cleanup);

type Data<T extends SessionEvent['type']> = Extract<SessionEvent, { type: T }>['data'];

function frame<T extends SessionEvent['type']>(seq: number, type: T, data: Data<T>, view?: unknown): ServerFrame {
  return { type: 'event', sessionId: 's1', event: { seq, time: 't', type, data } as SessionEvent, ...(view === undefined ? {} : { view }) };
}

/** A read of `path` called at `callSeq`, its result at `resultSeq`. */
function read(callSeq: number, resultSeq: number, path: string): ServerFrame[] {
  const callId = `c${callSeq}`;
  const view = { ...readFixtures.typescript, lang: undefined, path, title: `Read ${path}` };
  return [
    frame(callSeq, 'tool/call', { callId, name: 'read', args: { path }, origin: 'user' }),
    frame(resultSeq, 'tool/result', { callId, content: [{ type: 'text', text: 'x' }], isError: false }, view),
  ];
}

/** Three read cards; the last one's result comes after a message (seq 5), at seq 6. */
function renderTimeline() {
  const client = clientForTests();
  ingestForTests(client, [...read(0, 1, 'src/a.ts'), ...read(2, 3, 'src/b.ts'), frame(4, 'tool/call', { callId: 'c4', name: 'read', args: { path: 'src/c.ts' }, origin: 'user' }), frame(5, 'user/message', { text: 'and c?' }), frame(6, 'tool/result', { callId: 'c4', content: [{ type: 'text', text: 'x' }], isError: false }, { ...readFixtures.typescript, lang: undefined, path: 'src/c.ts', title: 'Read src/c.ts' })]);
  const api = previewApi({ findings: [], homePath: false });
  const rows = client.store.state.getState().rows;
  render(
    <ClientProvider client={client}>
      <ExportRangeProvider>
        <ExportControl api={api} />
        {rows.map((row) => (
          <TimelineRowView key={row.key} row={row} />
        ))}
      </ExportRangeProvider>
    </ClientProvider>,
  );
  const card = (path: string) => screen.getByRole('article', { name: `Read ${path}` });
  return { api, card };
}

describe('a range of cards chosen for export', () => {
  it('takes the first card chosen as the start and the second as the end: the dialog opens with that range, its ends named as the cards', async () => {
    const user = userEvent.setup();
    const { api, card } = renderTimeline();
    await user.click(within(card('src/b.ts')).getByRole('button', { name: 'Export from here' }));
    expect((await screen.findByRole('region', { name: 'Export range' })).textContent).toContain('Export from #2 Read src/b.ts');
    expect(card('src/b.ts').classList).toContain('tc-card--export-range');
    expect(card('src/c.ts').classList).not.toContain('tc-card--export-range');
    await user.click(within(card('src/c.ts')).getByRole('button', { name: 'Export to here' }));

    const dialog = await screen.findByRole('dialog', { name: 'Export this session' });
    expect((within(dialog).getByRole('textbox', { name: 'From card seq' }) as HTMLInputElement).value).toBe('2');
    expect((within(dialog).getByRole('textbox', { name: 'To card seq' }) as HTMLInputElement).value).toBe('4');
    expect(within(dialog).getByTestId('export-range-ends').textContent).toBe('From #2 Read src/b.ts — to #4 Read src/c.ts');
    // The range ends at the last card's call: the server brings its result (seq 6) with it.
    await waitFor(() => expect(api.preview).toHaveBeenLastCalledWith('s1', { from: 2, to: 4 }, [], expect.anything()));
    expect(card('src/b.ts').classList).toContain('tc-card--export-range');
    expect(card('src/c.ts').classList).toContain('tc-card--export-range');
    expect(card('src/a.ts').classList).not.toContain('tc-card--export-range');

    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(api.file).toHaveBeenCalledWith('s1', expect.objectContaining({ from: 2, to: 4, format: 'html' })));
  });

  it('puts a pick made backwards (the end first) in order', async () => {
    const user = userEvent.setup();
    const { api, card } = renderTimeline();
    await user.click(within(card('src/b.ts')).getByRole('button', { name: 'Export from here' }));
    await user.click(within(card('src/a.ts')).getByRole('button', { name: 'Export to here' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export this session' });
    expect(within(dialog).getByTestId('export-range-ends').textContent).toBe('From #0 Read src/a.ts — to #2 Read src/b.ts');
    await waitFor(() => expect(api.preview).toHaveBeenLastCalledWith('s1', { from: 0, to: 2 }, [], expect.anything()));
  });

  it('names an end by its seq alone once its field is edited, and keeps the range the field says', async () => {
    const user = userEvent.setup();
    const { api, card } = renderTimeline();
    await user.click(within(card('src/a.ts')).getByRole('button', { name: 'Export from here' }));
    await user.click(within(card('src/b.ts')).getByRole('button', { name: 'Export to here' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export this session' });
    const to = within(dialog).getByRole('textbox', { name: 'To card seq' });
    await user.clear(to);
    await user.type(to, '4');
    expect(within(dialog).getByTestId('export-range-ends').textContent).toBe('From #0 Read src/a.ts — to #4');
    await waitFor(() => expect(api.preview).toHaveBeenLastCalledWith('s1', { from: 0, to: 4 }, [], expect.anything()));
  });

  it('cancels on Escape: no bar, no card marked, and the cards offer "Export from here" again', async () => {
    const user = userEvent.setup();
    const { card } = renderTimeline();
    await user.click(within(card('src/a.ts')).getByRole('button', { name: 'Export from here' }));
    await screen.findByRole('region', { name: 'Export range' });
    expect(within(card('src/b.ts')).getByRole('button', { name: 'Export to here' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Export range' })).toBeNull();
    expect(card('src/a.ts').classList).not.toContain('tc-card--export-range');
    expect(within(card('src/b.ts')).getByRole('button', { name: 'Export from here' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps the chosen range when the dialog is closed: the bar offers Export… again, Cancel ends it', async () => {
    const user = userEvent.setup();
    const { card } = renderTimeline();
    await user.click(within(card('src/a.ts')).getByRole('button', { name: 'Export from here' }));
    await user.click(within(card('src/b.ts')).getByRole('button', { name: 'Export to here' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export this session' });
    act(() => {
      fireEvent(dialog, new Event('cancel', { cancelable: true }));
    });
    const bar = await screen.findByRole('region', { name: 'Export range' });
    expect(bar.textContent).toContain('Exporting cards #0–#2');
    await user.click(within(bar).getByRole('button', { name: 'Export…' }));
    expect(await screen.findByRole('dialog', { name: 'Export this session' })).toBeTruthy();
    act(() => {
      fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
    });
    await user.click(within(await screen.findByRole('region', { name: 'Export range' })).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('region', { name: 'Export range' })).toBeNull();
    expect(card('src/b.ts').classList).not.toContain('tc-card--export-range');
  });
});
