import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { rawBidiControls } from '../../cards/text/raw-controls';
import { AssistantMarkdown } from './assistant-markdown';

const RLO = '\u202E';
const ZWSP = '\u200B';

function expectNoRawControls(container: Element): void {
  expect(rawBidiControls(container)).toEqual([]);
  expect(container.textContent).not.toContain(ZWSP);
}

describe('AssistantMarkdown escapes in text, not in the Markdown', () => {
  it('shows bidi and zero-width characters as chips in every kind of text, Markdown intact', () => {
    const text = [
      `## Head${RLO}ing`,
      '',
      `Plain ${RLO}txt.exe, **bold${ZWSP}**, _em${RLO}_ and \`co${RLO}de\`.`,
      '',
      `- item ${ZWSP}one`,
      `- [link${RLO}text](https://example.com/a${RLO}b)`,
      `- ![alt${RLO}](https://example.com/i${ZWSP}.png)`,
      '',
      `> quoted ${RLO}`,
    ].join('\n');
    const { container } = render(<AssistantMarkdown text={text} />);
    expectNoRawControls(container);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('HeadU+202Eing');
    expect(container.querySelector('strong')?.textContent).toBe('boldU+200B');
    expect(container.querySelector('em')?.textContent).toBe('emU+202E');
    expect(container.querySelector('code.tl-md__code')?.textContent).toBe('coU+202Ede');
    expect(container.querySelectorAll('li')[0]?.textContent).toBe('item U+200Bone');
    const [link, image] = container.querySelectorAll('a');
    expect(link?.textContent).toBe('linkU+202Etext');
    // A URL is not text: micromark percent-encodes it, so no escape (nor raw control) is in it.
    expect(link?.getAttribute('href')).toBe('https://example.com/a%E2%80%AEb');
    expect(image?.textContent).toBe('altU+202E');
    expect(container.querySelector('blockquote')?.textContent?.trim()).toBe('quoted U+202E');
    // The chips are the cards' own: a named image per character.
    expect(screen.getAllByRole('img', { name: /^U\+202E right-to-left override/ }).length).toBe(7);
    expect(screen.getAllByRole('img', { name: /^U\+200B zero width space/ }).length).toBe(2);
  });

  it('leaves text without such characters as bare text, soft line breaks included', () => {
    const { container } = render(<AssistantMarkdown text={'one\ntwo'} />);
    expect(container.querySelector('p')?.innerHTML).toBe('one\ntwo');
  });

  it('shows escapes in a code fence, plain and once highlighted, with CRLF lines ending cleanly', async () => {
    const code = `const a${ZWSP} = "x${RLO}y";`;
    const { container } = render(<AssistantMarkdown text={`\`\`\`ts\r\n${code}\r\nlet b = 1;\r\n\`\`\``} />);
    const pre = container.querySelector('pre.tl-md__pre');
    expect(pre?.textContent).toBe('const aU+200B = "xU+202Ey";\nlet b = 1;\n');
    expectNoRawControls(container);
    await waitFor(() => expect(container.querySelectorAll('pre .tc-tok').length).toBeGreaterThan(3));
    expect(pre?.textContent).toBe('const aU+200B = "xU+202Ey";\nlet b = 1;\n');
    expect(container.querySelector('pre .tc-tok .tc-escape--bidi')).toBeTruthy();
    expectNoRawControls(container);
  }, 20_000);

  it('shows escapes in the tail that streamed in since the last parse', () => {
    vi.useFakeTimers();
    try {
      const { container, rerender } = render(<AssistantMarkdown text="first" />);
      rerender(<AssistantMarkdown text={`first\n\nthen ${RLO}more${ZWSP}`} />);
      expect(container.querySelector('.tl-md__tail')?.textContent).toBe('then U+202EmoreU+200B');
      expectNoRawControls(container);
      act(() => vi.advanceTimersByTime(100));
      expect(container.querySelector('.tl-md__tail')).toBeNull();
      expectNoRawControls(container);
    } finally {
      vi.useRealTimers();
    }
  });
});
