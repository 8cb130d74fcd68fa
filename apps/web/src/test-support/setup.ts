import { afterAll, afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// Testing Library's auto-cleanup needs test globals; vitest runs without them here.
afterEach(() => {
  cleanup();
});

// Chunks the cards fetch as the page starts (ui/fetched-with-page.ts) finish loading before the
// file's environment is torn down: a quick test file would otherwise end while one still loads.
afterAll(async () => {
  const { chunksSettled } = await import('../ui/fetched-with-page');
  await chunksSettled();
});

// `waitFor` and `findBy…` have no deadline of their own (theirs defaults to 1 s): each test's
// timeout bounds them, so a busy machine makes a test slower, never red.
configure({ asyncUtilTimeout: 60 * 60_000 });
