import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { App } from './app';
import { clientForTests } from '../test-support/client-for-tests';
import { UnauthorizedError } from '../net/server-api';

describe('App without a usable token', () => {
  it('explains where the URL with the token is, instead of failing', () => {
    render(<App client={null} />);
    expect(screen.getByRole('heading', { name: /needs its access token/ })).toBeTruthy();
    const text = document.body.textContent ?? '';
    expect(text).toContain('Open the URL that toolcards printed when it started (open http://127.0.0.1:…/?token=…, in the terminal where you ran toolcards or npm start).');
  });

  it('shows the same screen when the API answers 401', async () => {
    const client = clientForTests({ api: { info: async () => { throw new UnauthorizedError(); } } });
    render(<App client={client} />);
    expect(await screen.findByRole('heading', { name: /no longer valid/ })).toBeTruthy();
    expect(document.body.textContent).toContain('Open the URL that toolcards printed when it started');
  });

  it('asks for the start URL when a page without a token (and no cookie) is refused', async () => {
    const client = clientForTests({ api: { info: async () => { throw new UnauthorizedError(); } } });
    render(<App client={client} tokenInPage={false} />);
    expect(await screen.findByRole('heading', { name: /needs its access token/ })).toBeTruthy();
  });

  it('shows the workbench when the token works', async () => {
    render(<App client={clientForTests()} />);
    expect(await screen.findByRole('textbox', { name: 'Message or command' })).toBeTruthy();
    expect(await screen.findByText('no model')).toBeTruthy();
  });
});
