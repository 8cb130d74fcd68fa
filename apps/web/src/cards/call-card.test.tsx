import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { ToolCallView } from '@toolcards/protocol';
import { CallCard } from './call-card';
import { callFixtures } from '../test-support/card-fixtures';
import { rawBidiControls } from './text/raw-controls';

describe('CallCard', () => {
  it.each(Object.entries(callFixtures) as [string, ToolCallView][])('shows the pending %s call with its kind and a busy indicator', (_, view) => {
    const { container } = render(<CallCard view={view} state="pending" />);
    const card = screen.getByRole('article', { name: `${view.title} — running` });
    expect(card.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByText('running…')).toBeTruthy();
    expect(container.querySelector<HTMLElement>('.tc-kind')!.dataset.kind).toBe(view.kind ?? 'other');
  });

  it('lists the call’s locations, with a line when there is one', () => {
    const paths = (container: HTMLElement) => [...container.querySelectorAll('.tc-call__locations .tc-path')].map((path) => path.textContent);
    const read = render(<CallCard view={callFixtures.read} state="pending" />);
    // The same path label as the cards' headers: the folder can be cut, the name and line stay.
    expect(paths(read.container)).toEqual(['src/session/store.ts:120']);
    expect(read.container.querySelector('.tc-call__locations .tc-path__name')!.textContent).toBe('store.ts:120');
    expect(read.container.querySelector('.tc-call__locations .tc-path')!.getAttribute('title')).toBe('src/session/store.ts:120');
    const move = render(<CallCard view={callFixtures.move} state="pending" />);
    expect(paths(move.container)).toEqual(['a.ts', 'b.ts']);
  });

  it('shows deceptive names in the title and locations: chips, a mixed-script flag, a bidi warning', () => {
    const { container } = render(<CallCard view={callFixtures.deceptiveNames} state="pending" />);
    const locations = [...container.querySelectorAll('.tc-call__locations li')];
    expect(locations.map((location) => location.querySelector('.tc-path')!.textContent)).toEqual(['p\u0430ckage.json', 'downloads/reportU+202Etxt.exe:2']);
    // The title and the first location both name the Cyrillic `а`.
    expect(screen.getAllByRole('img', { name: /^Mixed scripts: “p\u0430ckage”/ })).toHaveLength(2);
    expect(screen.getByRole('note')).toBeTruthy();
    expect(rawBidiControls(container)).toEqual([]);
  });

  it('shows a queued call as waiting, still busy, without the running spinner', () => {
    const { container } = render(<CallCard view={callFixtures.search} state="queued" />);
    const card = screen.getByRole('article', { name: `${callFixtures.search.title} — queued` });
    expect(card.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByText('Queued — waiting for a free slot')).toBeTruthy();
    expect(container.querySelector('.tc-call__spinner')).toBeNull();
  });

  it('shows an unsaved call as ended and not saved: not busy, no spinner, no queued mark', () => {
    const { container } = render(<CallCard view={callFixtures.read} state="unsaved" />);
    const card = screen.getByRole('article', { name: `${callFixtures.read.title} — not saved` });
    expect(card.getAttribute('aria-busy')).toBe('false');
    expect(screen.getByText('Not saved — the disk is full; this call will be closed when there is room')).toBeTruthy();
    expect(screen.queryByText('running…')).toBeNull();
    expect(container.querySelector('.tc-call__spinner')).toBeNull();
    expect(container.querySelector('.tc-call__queued-mark')).toBeNull();
  });

  it('shows a cancelled call as no longer busy', () => {
    render(<CallCard view={callFixtures.execute} state="cancelled" />);
    const card = screen.getByRole('article', { name: 'npm test — cancelled' });
    expect(card.getAttribute('aria-busy')).toBe('false');
    expect(screen.getByText('cancelled')).toBeTruthy();
    expect(screen.queryByText('running…')).toBeNull();
  });
});
