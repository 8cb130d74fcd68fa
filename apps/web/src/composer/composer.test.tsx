import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Composer } from './composer';
import { ClientProvider } from '../store/client-context';
import { clientForTests, ingestForTests } from '../test-support/client-for-tests';
import type { SessionClient } from '../store/session-client';

function renderComposer(client: SessionClient) {
  render(
    <ClientProvider client={client}>
      <Composer />
    </ClientProvider>,
  );
  return screen.getByRole('textbox', { name: 'Message or command' }) as HTMLTextAreaElement;
}

describe('Composer', () => {
  let client: SessionClient;
  beforeEach(() => {
    localStorage.clear();
    client = clientForTests();
    ingestForTests(client, []);
    vi.spyOn(client, 'runTool').mockReturnValue(true);
    vi.spyOn(client, 'sendMessage').mockReturnValue(true);
    vi.spyOn(client, 'cancel').mockReturnValue(true);
  });

  it("on a Claude Code session says it is read-only in place of the input, and offers a new toolcards session", async () => {
    vi.spyOn(client, 'newSession').mockReturnValue(undefined);
    ingestForTests(client, [
      { type: 'subscribed', sessionId: 's1', header: { type: 'session', version: 1, id: 's1', cwd: '/w', createdAt: 't', source: 'claude-code', transcript: '/h/.claude/projects/-w/s1.jsonl' }, fromSeq: 0, lastSeq: -1 },
    ]);
    render(
      <ClientProvider client={client}>
        <Composer />
      </ClientProvider>,
    );
    expect(screen.queryByRole('textbox', { name: 'Message or command' })).toBeNull();
    expect(screen.getByRole('note', { name: 'Read-only session' }).textContent).toMatch(/^This is a Claude Code session \(read-only\)/);
    await userEvent.click(screen.getByRole('button', { name: 'New toolcards session' }));
    expect(client.newSession).toHaveBeenCalled();
  });

  it('has the input focused once the first frame is painted (not inside the first render), and leaves the focus where the person put it', async () => {
    const input = renderComposer(client);
    expect(document.activeElement).not.toBe(input);
    await vi.waitFor(() => expect(document.activeElement).toBe(input));
    cleanup();

    const elsewhere = document.body.appendChild(document.createElement('button'));
    const again = renderComposer(client);
    elsewhere.focus();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(document.activeElement).toBe(elsewhere);
    expect(document.activeElement).not.toBe(again);
    elsewhere.remove();
  });

  it('runs a command on Enter and clears the input', async () => {
    const input = renderComposer(client);
    await userEvent.type(input, '/grep "a b" src --include *.ts{Enter}');
    expect(client.runTool).toHaveBeenCalledWith('grep', { pattern: 'a b', path: 'src', include: '*.ts' });
    expect(input.value).toBe('');
  });

  it('shows an error line for a malformed command and sends nothing', async () => {
    const input = renderComposer(client);
    await userEvent.type(input, '/read{Enter}');
    expect(screen.getByRole('alert').textContent).toMatch(/^\/read needs a path/);
    expect(client.runTool).not.toHaveBeenCalled();
    expect(input.value).toBe('/read');
    await userEvent.type(input, ' a.ts');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('adds a line on Shift+Enter instead of sending', async () => {
    const input = renderComposer(client);
    await userEvent.type(input, 'line one{Shift>}{Enter}{/Shift}line two');
    expect(input.value).toBe('line one\nline two');
    expect(client.sendMessage).not.toHaveBeenCalled();
    await userEvent.type(input, '{Enter}');
    expect(client.sendMessage).toHaveBeenCalledWith('line one\nline two');
  });

  it('recalls what was sent with ↑ and returns to the draft with ↓', async () => {
    const input = renderComposer(client);
    await userEvent.type(input, '/read a.ts{Enter}');
    await userEvent.type(input, '/glob *.md{Enter}');
    await userEvent.type(input, 'draft');
    await userEvent.keyboard('{ArrowUp}');
    expect(input.value).toBe('/glob *.md');
    await userEvent.keyboard('{ArrowUp}');
    expect(input.value).toBe('/read a.ts');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(input.value).toBe('draft');
  });

  it('says how to configure a model when there is none, and still sends the text', async () => {
    ingestForTests(client, [{ type: 'hello', version: 'v', workspace: '/w', model: null, editor: 'vscode' }]);
    const input = renderComposer(client);
    expect(document.body.textContent).toMatch(/Set TOOLCARDS_API_KEY or DEEPSEEK_API_KEY and restart/);
    await userEvent.type(input, 'hello{Enter}');
    expect(client.sendMessage).toHaveBeenCalledWith('hello');
  });

  it('lets the no-model note be dismissed for good, and shows it again (alone) when a message goes unanswered', async () => {
    ingestForTests(client, [{ type: 'hello', version: 'v', workspace: '/w', model: null, editor: 'vscode' }]);
    renderComposer(client);
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss the no-model note' }));
    expect(screen.queryByRole('note', { name: 'No model configured' })).toBeNull();
    cleanup();
    renderComposer(client);
    expect(screen.queryByRole('note', { name: 'No model configured' })).toBeNull();
    act(() => ingestForTests(client, [{ type: 'error', code: 'MODEL_NOT_CONFIGURED', message: 'No model is configured.' }]));
    expect(screen.getByRole('note', { name: 'No model configured' }).textContent).toMatch(/text messages are saved but not answered/);
    expect(client.store.state.getState().notices).toEqual([]);
  });

  it('names the model instead when there is one', () => {
    ingestForTests(client, [{ type: 'hello', version: 'v', workspace: '/w', model: { model: 'deepseek-chat', baseUrl: 'u' }, editor: 'vscode' }]);
    const input = renderComposer(client);
    expect(document.body.textContent).not.toMatch(/TOOLCARDS_API_KEY/);
    expect(input.placeholder).toMatch(/deepseek-chat/);
  });

  it('opens help with /help and with the ? button', async () => {
    const input = renderComposer(client);
    await userEvent.type(input, '/help{Enter}');
    // The help's code comes with its first opening.
    expect(await screen.findByRole('region', { name: 'Composer help' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Close help' }));
    expect(screen.queryByRole('region', { name: 'Composer help' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Help' }));
    expect((await screen.findByRole('region', { name: 'Composer help' })).textContent).toContain('/grep <pattern> [path] [--include <glob>]');
  });

  it('closes the help once something is sent, giving the timeline its room back', async () => {
    const input = renderComposer(client);
    await userEvent.type(input, '/help{Enter}');
    expect(await screen.findByRole('region', { name: 'Composer help' })).toBeTruthy();
    await userEvent.type(input, '/read a.ts{Enter}');
    expect(client.runTool).toHaveBeenCalledWith('read', { path: 'a.ts' });
    expect(screen.queryByRole('region', { name: 'Composer help' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Help' }));
    await userEvent.type(input, 'a question{Enter}');
    expect(screen.queryByRole('region', { name: 'Composer help' })).toBeNull();
  });

  it('offers `/grep "export default"` once `/grep export default` finds no path "default"; a click runs it', async () => {
    const input = renderComposer(client);
    await userEvent.type(input, '/grep export default{Enter}');
    expect(client.runTool).toHaveBeenLastCalledWith('grep', { pattern: 'export', path: 'default' });
    const call = { callId: 'g1', name: 'grep', args: { pattern: 'export', path: 'default' }, origin: 'user' as const };
    act(() => ingestForTests(client, [{ type: 'event', sessionId: 's1', event: { seq: 0, time: 't', type: 'tool/call', data: call } }]));
    expect(screen.queryByText(/Did you mean/)).toBeNull();
    const error = { code: 'FS_NOT_FOUND' as const, message: 'File not found: default' };
    act(() =>
      ingestForTests(client, [
        { type: 'event', sessionId: 's1', event: { seq: 1, time: 't', type: 'tool/result', data: { callId: 'g1', content: [{ type: 'text', text: error.message }], isError: true, error } } },
      ]),
    );
    expect(screen.getByRole('status').textContent).toBe('No file or folder default here. Did you mean /grep "export default"?');
    await userEvent.click(screen.getByRole('button', { name: '/grep "export default"' }));
    expect(client.runTool).toHaveBeenLastCalledWith('grep', { pattern: 'export default' });
    expect(screen.queryByText(/Did you mean/)).toBeNull();
    // It is in the history as if typed.
    await userEvent.keyboard('{ArrowUp}');
    expect(input.value).toBe('/grep "export default"');
  });

  it('offers the quoted pattern with the error for more words than a pattern and a path', async () => {
    renderComposer(client);
    await userEvent.type(screen.getByRole('textbox'), '/grep export default function{Enter}');
    expect(client.runTool).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toMatch(/^\/grep takes a pattern and one path/);
    await userEvent.click(screen.getByRole('button', { name: '/grep "export default function"' }));
    expect(client.runTool).toHaveBeenCalledWith('grep', { pattern: 'export default function' });
  });

  it('offers Cancel while something runs', async () => {
    renderComposer(client);
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    ingestForTests(client, [{ type: 'event', sessionId: 's1', event: { seq: 0, time: 't', type: 'tool/call', data: { callId: 'c', name: 'grep', args: {}, origin: 'user' } } }]);
    client.store.setConnection({ status: 'connected' });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(client.cancel).toHaveBeenCalled();
  });

  it('keeps the text when it could not be sent', async () => {
    vi.mocked(client.runTool).mockReturnValue(false);
    const input = renderComposer(client);
    await userEvent.type(input, '/read a{Enter}');
    expect(input.value).toBe('/read a');
    expect(screen.getByRole('alert').textContent).toMatch(/not connected/);
  });
});
