import { describe, expect, it } from 'vitest';
import { render, waitFor } from '@testing-library/react';
import type { ServerFrame } from '@toolcards/protocol';
import { ClientProvider } from '../store/client-context';
import { clientForTests, ingestForTests } from '../test-support/client-for-tests';
import { DeferredRowView } from './deferred-row-view';
import { estimateRowHeight } from './estimate-row-height';

describe('DeferredRowView', () => {
  it('holds the row’s estimated height first, then mounts its card in a later frame', async () => {
    const client = clientForTests();
    const frames: ServerFrame[] = [{ type: 'event', sessionId: 's1', event: { seq: 0, time: 't', type: 'user/message', data: { text: 'hello there' } } }];
    ingestForTests(client, frames);
    const row = client.store.state.getState().rows[0]!;
    const { container } = render(
      <ClientProvider client={client}>
        <DeferredRowView row={row} />
      </ClientProvider>,
    );
    const placeholder = container.querySelector<HTMLElement>('.timeline__placeholder');
    expect(placeholder?.getAttribute('aria-hidden')).toBe('true');
    expect(placeholder?.style.height).toBe(`${estimateRowHeight(row) - 12}px`);
    await waitFor(() => expect(container.textContent).toContain('hello there'));
    expect(container.querySelector('.timeline__placeholder')).toBeNull();
  });
});
