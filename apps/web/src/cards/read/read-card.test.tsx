import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Profiler } from 'react';
import { readFixtures } from '../../test-support/card-fixtures';
import { rawBidiControls } from '../text/raw-controls';
import { startHighlight } from '../../highlight/highlight-client';
import { ReadCard } from './read-card';
import { withViewportLayout } from './test-support/viewport-layout';

// The real highlighter, watched: a test can see whether a window was handed to it.
vi.mock('../../highlight/highlight-client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../highlight/highlight-client')>();
  return { ...actual, startHighlight: vi.fn(actual.startHighlight) };
});

/** The same window without a language: for tests about anything but colour (highlighting is CPU). */
const uncoloured = <T extends { lang?: string }>(view: T): T => ({ ...view, lang: undefined });

const rows = (container: HTMLElement) => [...container.querySelectorAll<HTMLElement>('.tc-read__row')];
const codeOf = (row: HTMLElement) => row.querySelector('.tc-read__code')!.textContent;

describe('ReadCard', () => {
  it('heads the card with path, language and the window it shows', () => {
    render(<ReadCard view={readFixtures.middleOfFile} />);
    const card = screen.getByRole('article', { name: 'Read src/server/session-store.ts' });
    expect(within(card).getByTitle('src/server/session-store.ts')).toBeTruthy();
    expect(within(card).getByText('typescript')).toBeTruthy();
    expect(within(card).getByText('lines 1,200–1,399 of 3,000')).toBeTruthy();
    expect(within(card).getByText('1,601 more lines')).toBeTruthy();
  });

  it('offers the next window as a button that asks for exactly that read', async () => {
    const onReadNext = vi.fn();
    render(<ReadCard view={readFixtures.middleOfFile} onReadNext={onReadNext} />);
    await userEvent.click(screen.getByRole('button', { name: 'Next 1,601 lines' }));
    expect(onReadNext).toHaveBeenCalledWith({ path: 'src/server/session-store.ts', offset: 1400, limit: 1601 });
  });

  it('shows no continuation hint when the window reaches the end of the file', () => {
    render(<ReadCard view={readFixtures.typescript} />);
    expect(screen.getByText(`lines 1–${readFixtures.typescript.totalLines} of ${readFixtures.typescript.totalLines}`)).toBeTruthy();
    expect(screen.queryByText(/more$/)).toBeNull();
    expect(screen.queryByRole('button', { name: /^Next / })).toBeNull();
  });

  it('hints where a capped window continues', () => {
    render(<ReadCard view={uncoloured(readFixtures.cappedWindow)} />);
    expect(screen.getByText('lines 1–420 of 1,800')).toBeTruthy();
    expect(screen.getByText('1,380 more lines')).toBeTruthy();
  });

  it('explains an empty window at an offset and shows no code area', () => {
    render(<ReadCard view={readFixtures.emptyWindowAtOffset} />);
    expect(screen.getByText('no lines shown from offset 1,201 (file has 3,000 lines)')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'File contents' })).toBeNull();
    expect(screen.queryByRole('button', { name: /copy/i })).toBeNull();
  });

  it('labels a file without a language as plain text and never colours it', () => {
    vi.mocked(startHighlight).mockClear();
    const { container } = render(<ReadCard view={readFixtures.plainText} />);
    expect(screen.getByText('plain text')).toBeTruthy();
    expect(rows(container).map(codeOf)).toEqual(readFixtures.plainText.lines.map((line) => line.text));
    // Colour only ever arrives through startHighlight, and render has run the card's effects:
    // a window never handed to it stays plain however long one waits.
    expect(startHighlight).not.toHaveBeenCalled();
    expect(container.querySelector('.tc-tok')).toBeNull();
    // The same window with a language is handed over at once (not run here: only the call matters).
    vi.mocked(startHighlight).mockImplementationOnce(() => () => {});
    render(<ReadCard view={{ ...readFixtures.plainText, lang: 'json' }} />);
    expect(startHighlight).toHaveBeenCalledOnce();
    expect(vi.mocked(startHighlight).mock.calls[0]![0]).toMatchObject({ lang: 'json' });
  });

  it('puts the real line numbers in a gutter that holds no text, so a copy takes only code', () => {
    const { container } = render(<ReadCard view={uncoloured(readFixtures.middleOfFile)} />);
    const all = rows(container);
    expect(all).toHaveLength(200);
    const gutter = all[0]!.querySelector<HTMLElement>('.tc-read__gutter')!;
    expect(gutter.dataset.lineNumber).toBe('1200');
    // A button that selects the line (named by its number), with no text of its own.
    expect(gutter.tagName).toBe('BUTTON');
    expect(gutter.getAttribute('aria-label')).toBe('Line 1200');
    expect(gutter.textContent).toBe('');
    expect(all[199]!.querySelector<HTMLElement>('.tc-read__gutter')!.dataset.lineNumber).toBe('1399');
    // Everything selectable in the code area is the code itself.
    const viewport = screen.getByRole('region', { name: 'File contents' });
    expect(viewport.textContent).toBe(readFixtures.middleOfFile.lines.map((line) => line.text).join(''));
  });

  it('copies the window’s code without line numbers and says so', async () => {
    const user = userEvent.setup();
    render(<ReadCard view={uncoloured(readFixtures.crlfSourced)} />);
    await user.click(screen.getByRole('button', { name: 'Copy code' }));
    expect(await navigator.clipboard.readText()).toBe(readFixtures.crlfSourced.lines.map((line) => line.text).join('\n'));
    expect(await navigator.clipboard.readText()).not.toMatch(/^\d/m);
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
  });

  it('shows a CRLF-sourced file as clean lines', () => {
    const { container } = render(<ReadCard view={uncoloured(readFixtures.crlfSourced)} />);
    expect(rows(container).map(codeOf)).toEqual(['; written on Windows', '[server]', 'host = 127.0.0.1', 'port = 3080', '', '[log]', 'level = info']);
  });

  it('copies what was read, without the cut mark, and says that a line was cut short', async () => {
    const user = userEvent.setup();
    render(<ReadCard view={uncoloured(readFixtures.longLine)} />);
    await user.click(screen.getByRole('button', { name: 'Copy code' }));
    const copied = await navigator.clipboard.readText();
    expect(copied).toBe(readFixtures.longLine.lines.map((line) => line.text).join('\n'));
    expect(copied).not.toContain('cut at');
    expect(screen.getByRole('button', { name: 'Copied — 1 line was cut short' })).toBeTruthy();
  });

  it('draws a longer line up to 2,000 characters and the rest on request; Copy code copies it whole', async () => {
    const user = userEvent.setup();
    const long = 'ab'.repeat(10_000);
    const view = { ...uncoloured(readFixtures.typescript), lines: [{ number: 1, text: 'short' }, { number: 2, text: long }], totalLines: 2 };
    const { container } = render(<ReadCard view={view} />);
    expect(codeOf(rows(container)[1]!)).toBe(long.slice(0, 2000));
    expect(rows(container)[0]!.querySelector('.tc-read__rest')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Copy code' }));
    expect(await navigator.clipboard.readText()).toBe(`short\n${long}`);
    await user.click(screen.getByRole('button', { name: 'Show the rest of line 2: 18,000 more characters' }));
    expect(codeOf(rows(container)[1]!)).toBe(long);
    expect(screen.queryByRole('button', { name: /^Show the rest/ })).toBeNull();
  });

  it('shows a 2,000-character line whole, and wraps it on request', async () => {
    const user = userEvent.setup();
    const { container } = render(<ReadCard view={uncoloured(readFixtures.longLine)} />);
    expect(codeOf(rows(container)[1]!)).toHaveLength(2000);
    // The cut is a mark beside the code, not text in it.
    expect(within(rows(container)[1]!).getByRole('note', { name: 'line cut at 2,000 characters' }).textContent).toBe('cut at 2,000 chars');
    expect(rows(container)[0]!.querySelector('.tc-read__cut')).toBeNull();
    const wrap = screen.getByRole('button', { name: 'Wrap' });
    expect(wrap.getAttribute('aria-pressed')).toBe('false');
    await user.click(wrap);
    expect(wrap.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('region', { name: 'File contents' }).classList.contains('is-wrapped')).toBe(true);
  });

  // Generous timeouts: the first TypeScript tokenization compiles the grammar (seconds on a busy machine).
  it('colours a typescript window with light and dark token colours, text unchanged', { timeout: 60_000 }, async () => {
    const { container } = render(<ReadCard view={readFixtures.typescript} />);
    const before = rows(container).map(codeOf);
    // Plain rows come first.
    expect(container.querySelector('.tc-tok')).toBeNull();
    await waitFor(() => expect(container.querySelector('.tc-tok')).not.toBeNull());
    const token = container.querySelector<HTMLElement>('.tc-tok')!;
    expect(token.style.getPropertyValue('--shiki-light')).toMatch(/^#[0-9a-f]{6}/i);
    expect(token.style.getPropertyValue('--shiki-dark')).toMatch(/^#[0-9a-f]{6}/i);
    await waitFor(() => expect(rows(container).every((row) => row.querySelector('.tc-tok') || codeOf(row) === '')).toBe(true));
    expect(rows(container).map(codeOf)).toEqual(before);
    // The keyword `import` and the string after `from` get different colours.
    const importRow = rows(container).find((row) => codeOf(row).startsWith('import {'))!;
    const colours = new Set([...importRow.querySelectorAll<HTMLElement>('.tc-tok')].map((tok) => tok.style.getPropertyValue('--shiki-light')));
    expect(colours.size).toBeGreaterThan(1);
  });

  // A live session hands a card a new view object now and then (the row re-validated): the
  // coloured card must take it and come to rest, not re-render itself for ever.
  it('comes to rest after a new view object of the same read', { timeout: 60_000 }, async () => {
    let commits = 0;
    const counted = (view: typeof readFixtures.typescript) => (
      <Profiler id="card" onRender={() => (commits += 1)}>
        <ReadCard view={view} />
      </Profiler>
    );
    const { container, rerender } = render(counted(readFixtures.typescript));
    const allColoured = () => expect(rows(container).every((row) => row.querySelector('.tc-tok') || codeOf(row) === '')).toBe(true);
    await waitFor(allColoured);
    rerender(counted({ ...readFixtures.typescript }));
    await waitFor(allColoured);
    await new Promise((resolve) => setTimeout(resolve, 100));
    commits = 0;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(commits).toBe(0);
    expect(container.querySelector('.tc-tok')).not.toBeNull();
  });

  it('carries grammar state across chunks: a comment opened in one chunk stays a comment', { timeout: 60_000 }, async () => {
    // Line 80 opens a block comment that closes on line 82: chunk one ends at 80 lines.
    const texts = Array.from({ length: 90 }, (_, index) => `const v${index} = ${index};`);
    texts[79] = '/* opened in the first chunk';
    texts[80] = '   still a comment in the second';
    texts[81] = '*/';
    const view = { ...readFixtures.typescript, lines: texts.map((text, index) => ({ number: index + 1, text })), totalLines: 90 };
    const { container } = render(<ReadCard view={view} />);
    await waitFor(() => expect(rows(container)[80]!.querySelector('.tc-tok')).not.toBeNull());
    const colour = (row: number) => rows(container)[row]!.querySelector<HTMLElement>('.tc-tok')!.style.getPropertyValue('--shiki-light');
    expect(colour(80)).toBe(colour(79));
    expect(colour(80)).not.toBe(colour(84));
  });

  it('marks the target line', () => {
    const { container } = render(<ReadCard view={uncoloured(readFixtures.typescript)} targetLine={20} />);
    const target = container.querySelector<HTMLElement>('[aria-current="true"]')!;
    expect(target.classList.contains('is-target')).toBe(true);
    expect(target.querySelector<HTMLElement>('.tc-read__gutter')!.dataset.lineNumber).toBe('20');
    expect(container.querySelectorAll('[aria-current="true"]')).toHaveLength(1);
  });

  it('renders a hostile file name and contents as text', () => {
    const { container } = render(<ReadCard view={readFixtures.hostile} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(codeOf(rows(container)[0]!)).toBe('<img src=x onerror=alert(1)>');
    expect(screen.getByTitle('uploads/<img src=x onerror=alert(1)>.html')).toBeTruthy();
  });

  describe('invisible and bidi characters', () => {
    it('shows a reversed file name as stored, with a chip, a readable tooltip and a warning', () => {
      const { container } = render(<ReadCard view={readFixtures.invisibleCharacters} />);
      const card = screen.getByRole('article', { name: 'Read downloads/report[U+202E]txt.exe' });
      expect(card.querySelector('.tc-path__name')!.textContent).toBe('reportU+202Etxt.exe');
      expect(within(card).getByTitle('downloads/report[U+202E]txt.exe')).toBeTruthy();
      expect(within(card).getByRole('note').textContent).toMatch(/bidirectional Unicode control characters/);
      expect(rawBidiControls(container)).toEqual([]);
    });

    it('shows zero-width, control and tag characters as chips in the code, and keeps emoji whole', () => {
      const { container } = render(<ReadCard view={readFixtures.invisibleCharacters} />);
      const [joiners, controls, tags, emoji] = rows(container).map(codeOf);
      expect(joiners).toBe('zeroU+200BwidthU+200CnonU+200Djoiners and a softU+00ADhyphen');
      expect(controls).toBe('a NUL U+0000, an ESC U+001B[31m and a DEL U+007F');
      expect(tags).toBe('hidden tags: okU+E0069U+E0067U+E006EU+E006FU+E0072U+E0065');
      expect(emoji).toBe(readFixtures.invisibleCharacters.lines[3]!.text);
    });

    it('shows Trojan Source as stored: the overrides in the comments are chips, plain and highlighted', { timeout: 60_000 }, async () => {
      const { container } = render(<ReadCard view={readFixtures.trojanSource} />);
      const shown = () => rows(container).map(codeOf);
      const expected = [
        '\uFEFF#!/usr/bin/env node', // a byte order mark at the start of the file stays one
        'let isAdmin = false;',
        '/*U+202E } U+2066if (isAdmin)U+2069 U+2066 begin admins only */',
        '    console.log("You are an admin.");',
        '/* end admins only U+202E { U+2066*/',
        'const U+3164 = process.env.TOKEN;',
        'export const isU+200BAdmin = () => isAdmin;',
      ];
      expect(shown()).toEqual(expected);
      expect(screen.getByRole('note')).toBeTruthy();
      expect(rawBidiControls(container)).toEqual([]);
      await waitFor(() => expect(rows(container)[2]!.querySelector('.tc-tok')).not.toBeNull());
      expect(shown()).toEqual(expected);
      expect(rows(container)[2]!.querySelectorAll('.tc-tok .tc-escape--bidi')).toHaveLength(4);
      expect(rawBidiControls(container)).toEqual([]);
    });

    it('copies the original text, controls included', async () => {
      const user = userEvent.setup();
      render(<ReadCard view={uncoloured(readFixtures.trojanSource)} />);
      await user.click(screen.getByRole('button', { name: 'Copy code' }));
      const original = readFixtures.trojanSource.lines.map((line) => line.text).join('\n');
      // happy-dom's clipboard reads back through a Blob, whose UTF-8 decoding drops a leading BOM.
      expect(await navigator.clipboard.readText()).toBe(original.replace(/^\uFEFF/, ''));
      expect(await navigator.clipboard.readText()).toContain('/*\u202E } \u2066if (isAdmin)\u2069 \u2066 begin admins only */');
    });

    it('flags a file name that mixes Latin and Cyrillic letters, without a bidi warning', () => {
      render(<ReadCard view={uncoloured(readFixtures.mixedScriptName)} />);
      expect(screen.getByRole('img', { name: /^Mixed scripts: “p\u0430ckage” mixes Latin and Cyrillic letters/ }).textContent).toContain('mixed scripts');
      expect(screen.queryByRole('note')).toBeNull();
    });
  });

  describe('with more than 200 lines', () => {
    withViewportLayout();

    it('virtualizes 2,000 lines: only rows near the viewport exist', () => {
      const { container } = render(<ReadCard view={uncoloured(readFixtures.longTypescript)} />);
      expect(screen.getByText('lines 1–2,000 of 2,431')).toBeTruthy();
      const rendered = rows(container);
      expect(rendered.length).toBeGreaterThan(10);
      expect(rendered.length).toBeLessThan(200);
      expect(rendered[0]!.querySelector<HTMLElement>('.tc-read__gutter')!.dataset.lineNumber).toBe('1');
    });

    it('copies all 2,000 lines of a virtualized window, not just the rendered rows', async () => {
      const user = userEvent.setup();
      render(<ReadCard view={uncoloured(readFixtures.longTypescript)} />);
      await user.click(screen.getByRole('button', { name: 'Copy code' }));
      expect((await navigator.clipboard.readText()).split('\n')).toHaveLength(2000);
    });

    it('scrolls a virtualized window to a target line far down', async () => {
      const { container } = render(<ReadCard view={uncoloured(readFixtures.longTypescript)} targetLine={1500} />);
      const viewport = screen.getByRole('region', { name: 'File contents' });
      await waitFor(() => expect(viewport.scrollTop).toBeGreaterThan(20 * 1400));
      // happy-dom moves scrollTop without the scroll event a browser would fire.
      fireEvent.scroll(viewport);
      await waitFor(() => {
        const target = container.querySelector<HTMLElement>('[aria-current="true"]');
        expect(target?.querySelector<HTMLElement>('.tc-read__gutter')!.dataset.lineNumber).toBe('1500');
      });
    });
  });
});
