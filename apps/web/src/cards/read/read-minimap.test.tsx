import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import type { FileSeen } from '@toolcards/protocol';
import { apiReadView, filesSeenFixture } from '../../test-support/files-seen-fixtures';
import { ReadCard } from './read-card';
import { SeenFilesProvider, type SeenFilesSource } from './seen-files-context';

afterEach(cleanup);

/** No language: these tests are about the minimap, not colour. */
const view = { ...apiReadView, lang: undefined };

/** A source holding `files`, which a test can change (as a refresh would). */
function sourceOf(files: readonly FileSeen[]) {
  let byPath = new Map(files.map((file) => [file.path, file]));
  const listeners = new Set<() => void>();
  const source: SeenFilesSource = {
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    fileSeen: (path) => byPath.get(path),
  };
  const update = (next: readonly FileSeen[]) => {
    byPath = new Map(next.map((file) => [file.path, file]));
    for (const listener of listeners) listener();
  };
  return { source, update };
}

const minimapOf = (container: HTMLElement) => container.querySelector<HTMLElement>('[data-testid="read-minimap"]')!;

describe('the read card’s minimap', () => {
  it('draws the window, the session’s other reads and the grep matches, hidden from assistive technology', () => {
    const { source } = sourceOf(filesSeenFixture);
    const { container } = render(
      <SeenFilesProvider source={source}>
        <ReadCard view={view} />
      </SeenFilesProvider>,
    );
    const minimap = minimapOf(container);
    expect(minimap.getAttribute('aria-hidden')).toBe('true');
    // Beside the code viewport, in one row.
    expect(minimap.parentElement?.classList.contains('tc-read__body')).toBe(true);
    expect(minimap.previousElementSibling?.classList.contains('tc-read__viewport')).toBe(true);
    expect(minimap.querySelector<HTMLElement>('.tc-read__minimap-window')!.style.top).toBe('44.5%');
    expect(minimap.querySelectorAll('.tc-read__minimap-read')).toHaveLength(2);
    expect(minimap.querySelectorAll('.tc-read__minimap-match')).toHaveLength(3);
    expect(minimap.title).toBe('This card: lines 90–120 of 200 · read in this session: lines 1–40, 90–120 · 35.5% of 200 · 3 grep hits');
  });

  it('follows the session’s record as it changes, and shows only its own window without one', () => {
    const { source, update } = sourceOf([]);
    const { container } = render(
      <SeenFilesProvider source={source}>
        <ReadCard view={view} />
      </SeenFilesProvider>,
    );
    expect(minimapOf(container).title).toBe('This card: lines 90–120 of 200');
    expect(minimapOf(container).querySelectorAll('.tc-read__minimap-read')).toHaveLength(0);
    act(() => update(filesSeenFixture));
    expect(minimapOf(container).querySelectorAll('.tc-read__minimap-read')).toHaveLength(2);
    cleanup();

    const alone = render(<ReadCard view={view} />);
    expect(minimapOf(alone.container).title).toBe('This card: lines 90–120 of 200');
  });
});
