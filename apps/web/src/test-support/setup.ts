import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// Testing Library's auto-cleanup needs test globals; vitest runs without them here.
afterEach(() => {
  cleanup();
});

// `waitFor` and `findBy…` have no deadline of their own (theirs defaults to 1 s): each test's
// timeout bounds them, so a busy machine makes a test slower, never red.
configure({ asyncUtilTimeout: 60 * 60_000 });
