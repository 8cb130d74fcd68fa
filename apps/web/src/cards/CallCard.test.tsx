import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { ToolCallView } from '@toolcards/protocol';
import { CallCard } from './CallCard';
import { callFixtures } from './fixtures';

describe('CallCard', () => {
  it.each(Object.entries(callFixtures) as [string, ToolCallView][])('shows the pending %s call with its kind and a busy indicator', (_, view) => {
    const { container } = render(<CallCard view={view} state="pending" />);
    const card = screen.getByRole('article', { name: `${view.title} — running` });
    expect(card.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByText('running…')).toBeTruthy();
    expect(container.querySelector<HTMLElement>('.tc-kind')!.dataset.kind).toBe(view.kind ?? 'other');
  });

  it('lists the call’s locations, with a line when there is one', () => {
    render(<CallCard view={callFixtures.read} state="pending" />);
    expect(screen.getByText('src/session/store.ts:120')).toBeTruthy();
    render(<CallCard view={callFixtures.move} state="pending" />);
    expect(screen.getByText('a.ts')).toBeTruthy();
    expect(screen.getByText('b.ts')).toBeTruthy();
  });

  it('shows a cancelled call as no longer busy', () => {
    render(<CallCard view={callFixtures.execute} state="cancelled" />);
    const card = screen.getByRole('article', { name: 'npm test — cancelled' });
    expect(card.getAttribute('aria-busy')).toBe('false');
    expect(screen.getByText('cancelled')).toBeTruthy();
    expect(screen.queryByText('running…')).toBeNull();
  });
});
