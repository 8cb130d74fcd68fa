import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SessionSearchResponse } from '@toolcards/protocol';
import { ClientProvider } from '../store/client-context';
import { clientForTests } from '../test-support/client-for-tests';
import type { SessionSearchRequest } from '../net/server-api';
import { SessionList } from './session-list';

const answer = (query: string): SessionSearchResponse => ({
  query,
  hits: [
    { sessionId: 's2', title: 'Fix the parser', seq: 41, label: 'read src/parse.ts', snippet: '12: const needle = parse(x);', ranges: [[10, 16]] },
    { sessionId: 's3', title: 'Look for needles', seq: 0, label: 'your message', snippet: 'where is the needle?', ranges: [[13, 19]] },
  ],
  truncated: false,
  more: 0,
  sessions: 2,
});

describe('search across sessions', () => {
  it('asks the server as the person types (dropping the search before), lists hits in place of the sessions, and opens one', async () => {
    const asked: { query: SessionSearchRequest; signal: AbortSignal | undefined }[] = [];
    const searchSessions = vi.fn(async (query: SessionSearchRequest, signal?: AbortSignal) => {
      asked.push({ query, signal });
      return answer(query.text);
    });
    const client = clientForTests({ api: { searchSessions } });
    const openCard = vi.spyOn(client, 'openCard').mockImplementation(() => undefined);
    const onOpened = vi.fn();
    render(
      <ClientProvider client={client}>
        <SessionList onOpened={onOpened} />
      </ClientProvider>,
    );
    await screen.findByText('First');
    const box = screen.getByRole('searchbox', { name: 'Search all sessions' });
    await userEvent.click(screen.getByRole('button', { name: 'Whole word' }));
    await userEvent.type(box, 'needle');
    const results = await screen.findByRole('list', { name: 'Search results' });
    expect(screen.queryByText('First')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('2 hits in 2 sessions');
    const last = asked.at(-1)!;
    expect(last.query).toEqual({ text: 'needle', caseSensitive: false, wholeWord: true, regex: false });
    // Every earlier search was dropped when the next key came.
    expect(asked.slice(0, -1).every((call) => call.signal?.aborted)).toBe(true);

    const [first] = within(results).getAllByRole('button');
    expect(first!.textContent).toContain('read src/parse.ts');
    expect(within(first!).getByText('needle').tagName).toBe('MARK');
    await userEvent.click(first!);
    expect(openCard).toHaveBeenCalledWith('s2', 41);
    expect(onOpened).toHaveBeenCalled();

    await userEvent.type(box, '{Escape}');
    expect(await screen.findByText('First')).toBeTruthy();
  });

  it('shows a refused query (a broken regex) as the server says it', async () => {
    const client = clientForTests({
      api: {
        searchSessions: async () => {
          throw new Error('ripgrep cannot search for this: regex parse error: unclosed group');
        },
      },
    });
    render(
      <ClientProvider client={client}>
        <SessionList onOpened={() => {}} />
      </ClientProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Regular expression' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search all sessions' }), '(a');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('unclosed group'));
  });

  it('says how many more events matched than it lists', async () => {
    const client = clientForTests({ api: { searchSessions: async (query) => ({ ...answer(query.text), more: 1204, truncated: true, sessions: 40 }) } });
    render(
      <ClientProvider client={client}>
        <SessionList onOpened={() => {}} />
      </ClientProvider>,
    );
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search all sessions' }), 'needle');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('2 hits in 40 sessions, 1,204 more not listed: narrow the search to see them'));
  });
});
