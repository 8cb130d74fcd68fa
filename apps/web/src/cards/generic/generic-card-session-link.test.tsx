import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { viewForResult } from '../view-for-result';
import { ResultCard } from '../result-card';

describe('GenericCard of a call that started a subagent', () => {
  it('links to the subagent session the view names', () => {
    const result = { content: [{ type: 'text' as const, text: 'Async agent launched successfully.' }], isError: false };
    const view = viewForResult(result, { card: 'generic', content: 'Async agent launched successfully.', session: 'cc-1fc8f15e-c6a9-47e6-b3c9-4ca08e7cad5f-a04a02ccc9f60265f' });
    render(<ResultCard view={view} />);
    const link = screen.getByRole('link', { name: 'Open subagent session' });
    expect(link.getAttribute('href')).toBe('#/s/cc-1fc8f15e-c6a9-47e6-b3c9-4ca08e7cad5f-a04a02ccc9f60265f');
  });

  it('has no link for a view naming no session, or one that is not a session id', () => {
    const result = { content: [{ type: 'text' as const, text: 'done' }], isError: false };
    const { rerender } = render(<ResultCard view={viewForResult(result, { card: 'generic', content: 'done' })} />);
    expect(screen.queryByRole('link', { name: 'Open subagent session' })).toBeNull();
    rerender(<ResultCard view={viewForResult(result, { card: 'generic', content: 'done', session: '../../x' })} />);
    expect(screen.queryByRole('link', { name: 'Open subagent session' })).toBeNull();
  });
});
