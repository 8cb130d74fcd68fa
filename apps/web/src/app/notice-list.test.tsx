import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { rawBidiControls } from '../cards/text/raw-controls';
import { ClientProvider } from '../store/client-context';
import { clientForTests } from '../test-support/client-for-tests';
import { NoticeList } from './notice-list';

describe('NoticeList', () => {
  it('shows a server message with a zero-width space and a bidi override as escape chips', () => {
    const client = clientForTests();
    client.store.notice('TOOL_FAILED', 'no such file: src/re\u200Bport\u202Efdp.ts');
    client.store.publish();
    const { container } = render(
      <ClientProvider client={client}>
        <NoticeList />
      </ClientProvider>,
    );
    expect(screen.getByRole('alert').textContent).toContain('TOOL_FAILED');
    expect(rawBidiControls(container)).toEqual([]);
    expect(container.textContent).not.toContain('\u200B');
    expect(screen.getByRole('img', { name: /^U\+200B zero width space/ })).toBeTruthy();
  });
});
