import { lazy } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { LoadFailure, LoadFailureBoundary } from './load-failure-boundary';

describe('LoadFailureBoundary', () => {
  it('shows its fallback when a part’s code cannot be fetched, and the rest of the page stays', async () => {
    // React reports the caught error on the console; the test is about what the page shows.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Unreachable = lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    render(
      <main>
        <p>the timeline</p>
        <LoadFailureBoundary fallback={<LoadFailure what="Find in session" />}>
          <Unreachable />
        </LoadFailureBoundary>
      </main>,
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Could not load Find in session: reload the page to try again.');
    expect(screen.getByText('the timeline')).toBeTruthy();
    quiet.mockRestore();
  });

  it('shows the part itself when it loads', async () => {
    const Part = lazy(async () => ({ default: () => <p>find bar</p> }));
    render(
      <LoadFailureBoundary fallback={<LoadFailure what="Find in session" />}>
        <Part />
      </LoadFailureBoundary>,
    );
    expect(await screen.findByText('find bar')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
