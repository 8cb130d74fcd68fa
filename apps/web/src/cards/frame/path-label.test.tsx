import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { rawBidiControls } from '../text/raw-controls';
import { PathLabel } from './path-label';

const LONG = 'packages/webapp/src/components/settings/NotificationChannelEditor.tsx';

describe('PathLabel', () => {
  it('splits a path into a cuttable folder (its separator kept apart) and a whole name, full path as text and title', () => {
    const { container } = render(<PathLabel path={LONG} />);
    const label = container.querySelector('.tc-path')!;
    expect(label.textContent).toBe(LONG);
    expect(label.getAttribute('title')).toBe(LONG);
    const folder = label.querySelector('.tc-path__folder')!;
    expect(folder.textContent).toBe('packages/webapp/src/components/settings/');
    // The part that ellipsizes is the folder without its last separator: `…/name.tsx` stays readable.
    expect(folder.querySelector('.tc-path__dir')!.textContent).toBe('packages/webapp/src/components/settings');
    expect(folder.querySelector('.tc-path__separator')!.textContent).toBe('/');
    // The name is a sibling of the folder, not inside it: cutting the folder never touches it.
    const name = label.querySelector('.tc-path__name')!;
    expect(name.parentElement).toBe(label);
    expect(name.textContent).toBe('NotificationChannelEditor.tsx');
    expect([...label.children].map((child) => child.className)).toEqual(['tc-path__folder', 'tc-path__name']);
  });

  it('keeps the full path in an accessible name built from it', () => {
    render(
      <button type="button" aria-label={`Open ${LONG}`}>
        <PathLabel path={LONG} />
      </button>,
    );
    expect(screen.getByRole('button', { name: `Open ${LONG}` }).textContent).toBe(LONG);
  });

  it('has no folder for a bare name, and splits Windows separators the same way', () => {
    const bare = render(<PathLabel path="README.md" />);
    expect(bare.container.querySelector('.tc-path__folder')).toBeNull();
    expect(bare.container.querySelector('.tc-path__name')!.textContent).toBe('README.md');
    const windows = render(<PathLabel path={'src\\win\\file.ts'} />);
    expect(windows.container.querySelector('.tc-path__dir')!.textContent).toBe('src\\win');
    expect(windows.container.querySelector('.tc-path__separator')!.textContent).toBe('\\');
    expect(windows.container.querySelector('.tc-path__name')!.textContent).toBe('file.ts');
  });

  it('puts a line number after the name, where it is not cut with the folder', () => {
    const { container } = render(<PathLabel path="src/session/store.ts" line={120} />);
    expect(container.querySelector('.tc-path__name')!.textContent).toBe('store.ts:120');
    expect(container.querySelector('.tc-path')!.getAttribute('title')).toBe('src/session/store.ts:120');
  });

  it('shows invisible and bidi characters in the folder and the name as chips, never raw', () => {
    const { container } = render(<PathLabel path={'down\u200Bloads/report\u202Etxt.exe'} />);
    expect(container.querySelector('.tc-path__dir')!.textContent).toBe('downU+200Bloads');
    expect(container.querySelector('.tc-path__name')!.textContent).toBe('reportU+202Etxt.exe');
    expect(container.querySelector('.tc-path')!.getAttribute('title')).toBe('down[U+200B]loads/report[U+202E]txt.exe');
    expect(rawBidiControls(container)).toEqual([]);
  });
});
