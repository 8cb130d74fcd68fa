import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import type { SessionSummary } from '@toolcards/protocol';
import { rawBidiControls } from '../cards/text/raw-controls';
import { ClientProvider } from '../store/client-context';
import { clientForTests } from '../test-support/client-for-tests';
import { SessionList } from './session-list';
import { ingestFrames } from '../test-support/store-frames';

const hostile: SessionSummary = {
  id: 's1',
  title: 'fix invoice\u202Efdp.exe',
  cwd: '/home/me/pro\u200Bject\u202E',
  createdAt: '2025-01-01T00:00:00Z',
  lastActivity: 'soon\u202E',
  eventCount: 2,
  toolCalls: 1,
  paths: ['src/in\u202Evoice.ts'],
  source: 'toolcards',
};

describe('SessionList', () => {
  it('shows bidi and zero-width characters in titles and folders as escape chips, in text and tooltips', async () => {
    const client = clientForTests({ api: { sessions: async () => [hostile] } });
    const { container } = render(
      <ClientProvider client={client}>
        <SessionList onOpened={() => {}} />
      </ClientProvider>,
    );
    const title = await screen.findByText((_, element) => element?.classList.contains('session-list__title') ?? false);
    expect(title.textContent).toBe('fix invoiceU+202Efdp.exe');
    const cwd = container.querySelector('.session-list__cwd')!;
    expect(cwd.textContent).toBe('/home/me/proU+200BjectU+202E');
    expect(cwd.getAttribute('title')).toBe('/home/me/pro[U+200B]ject[U+202E]');
    expect(container.querySelector('time')?.textContent).toBe('soonU+202E');
    expect(rawBidiControls(container)).toEqual([]);
    expect(container.innerHTML).not.toContain('\u200B');
    expect(container.querySelector('.session-list__path')!.textContent).toBe('src/inU+202Evoice.ts');
    expect(screen.getAllByRole('img', { name: /^U\+202E right-to-left override/ })).toHaveLength(4);
    expect(screen.getByRole('img', { name: /^U\+200B zero width space/ })).toBeTruthy();
  });

  it('names each workspace once above its sessions; rows show title, time, tool calls and the first paths', async () => {
    const session = (id: string, cwd: string, toolCalls: number, paths: string[]): SessionSummary => ({
      id, cwd, title: `title ${id}`, createdAt: '2025-01-01T00:00:00Z', lastActivity: '2025-01-01T00:00:00Z', eventCount: toolCalls * 2, toolCalls, paths, source: 'toolcards',
    });
    const sessions = [session('a', '/w', 1, ['src/a.ts']), session('b', '/other', 0, []), session('c', '/w', 12, ['README.md', 'docs', 'src/b.ts'])];
    const client = clientForTests({ api: { sessions: async () => sessions } });
    render(
      <ClientProvider client={client}>
        <SessionList onOpened={() => {}} />
      </ClientProvider>,
    );
    const here = await screen.findByRole('region', { name: 'Sessions in /w' });
    expect(within(here).getByRole('heading').textContent).toBe('/w');
    const rows = within(here).getAllByRole('button');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^title a.* · 1 tool callsrc\/a\.ts$/),
      expect.stringMatching(/^title c.* · 12 tool callsREADME\.mddocssrc\/b\.ts$/),
    ]);
    expect(rows[0]!.textContent).not.toContain('/w');
    expect(within(screen.getByRole('region', { name: 'Sessions in /other' })).getByRole('button').textContent).toMatch(/no tool calls$/);
    expect(screen.queryByText(/events/)).toBeNull();
  });

  it("lists other agents' sessions with a badge, the served workspace's group first", async () => {
    const session = (id: string, cwd: string, source: SessionSummary['source']): SessionSummary => ({
      id, cwd, title: `title ${id}`, createdAt: '2025-01-01T00:00:00Z', lastActivity: '2025-01-01T00:00:00Z', eventCount: 0, toolCalls: 0, paths: [], source,
    });
    const sessions = [session('cc-1', '/elsewhere', 'claude-code'), session('t1', '/w', 'toolcards'), session('cx-1', '/w', 'codex')];
    const client = clientForTests({ api: { sessions: async () => sessions } });
    ingestFrames(client.store, [{ type: 'hello', version: 'test', workspace: '/w', model: null, editor: 'vscode' }]);
    render(
      <ClientProvider client={client}>
        <SessionList onOpened={() => {}} />
      </ClientProvider>,
    );
    await screen.findByRole('region', { name: 'Sessions in /w' });
    expect(screen.getAllByRole('region').map((region) => region.getAttribute('aria-label'))).toEqual(['Sessions in /w', 'Sessions in /elsewhere']);
    const here = within(screen.getByRole('region', { name: 'Sessions in /w' })).getAllByRole('button');
    expect(here.map((row) => row.textContent)).toEqual([expect.stringMatching(/^title t1/), expect.stringMatching(/^title cx-1Codex/)]);
    expect(within(screen.getByRole('region', { name: 'Sessions in /elsewhere' })).getByRole('button').textContent).toMatch(/^title cc-1Claude Code/);
  });

  it('shows a failure message with its escapes too', async () => {
    const client = clientForTests({ api: { sessions: async () => { throw new Error('cannot read /data/\u202Eevil'); } } });
    const { container } = render(
      <ClientProvider client={client}>
        <SessionList onOpened={() => {}} />
      </ClientProvider>,
    );
    expect((await screen.findByText(/Could not list sessions/)).textContent).toBe('Could not list sessions: cannot read /data/U+202Eevil');
    expect(rawBidiControls(container)).toEqual([]);
  });
});
