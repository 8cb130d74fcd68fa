import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

// Testing Library's auto-cleanup needs test globals; vitest runs without them here.
afterEach(() => {
  cleanup();
});
