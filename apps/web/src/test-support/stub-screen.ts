import { vi } from 'vitest';
import { NARROW_SCREEN_QUERY } from '../app/workbench';

/**
 * A window as wide or as narrow as the test says, as far as media queries go. A spy:
 * the test file's `vi.restoreAllMocks()` takes it away.
 */
export function stubScreen(narrow: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: query === NARROW_SCREEN_QUERY ? narrow : false,
        media: query,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}
