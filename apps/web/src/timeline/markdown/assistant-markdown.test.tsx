import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AssistantMarkdown } from './assistant-markdown';

describe('AssistantMarkdown', () => {
  it('renders Markdown structure', () => {
    const { container } = render(<AssistantMarkdown text={'## Found it\n\n- `greet` in **src/greet.ts**\n- see [docs](https://example.com/a)'} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Found it' })).toBeTruthy();
    expect(container.querySelectorAll('li')).toHaveLength(2);
    expect(container.querySelector('code.tl-md__code')?.textContent).toBe('greet');
    expect(container.querySelector('strong')?.textContent).toBe('src/greet.ts');
    const link = screen.getByRole('link', { name: 'docs' });
    expect(link.getAttribute('href')).toBe('https://example.com/a');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('shows raw HTML as text and never creates its elements', () => {
    const text = 'Before <script>window.pwned = 1</script> <img src=x onerror="window.pwned=1"> <b onclick="x()">bold</b>\n\n<div onmouseover="x()">block</div>';
    const { container } = render(<AssistantMarkdown text={text} />);
    expect(container.querySelector('script, img, b, div.tl-md div, [onerror], [onclick], [onmouseover]')).toBeNull();
    expect(container.textContent).toContain('<script>');
    expect((window as { pwned?: number }).pwned).toBeUndefined();
  });

  it('drops dangerous link URLs and never loads images', () => {
    const { container } = render(<AssistantMarkdown text={'[click](javascript:alert(1)) ![tracker](https://evil.example/p.png)'} />);
    const hrefs = [...container.querySelectorAll('a')].map((a) => a.getAttribute('href') ?? '');
    expect(hrefs.some((href) => href.toLowerCase().startsWith('javascript'))).toBe(false);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('link', { name: 'tracker' }).getAttribute('href')).toBe('https://evil.example/p.png');
  });

  it('shows a code fence as plain text first, then highlighted by the read card’s Shiki path', async () => {
    const code = 'export const answer: number = 42;\nconsole.log(answer);';
    const { container } = render(<AssistantMarkdown text={`Here:\n\n\`\`\`ts\n${code}\n\`\`\``} />);
    const pre = container.querySelector('pre.tl-md__pre');
    expect(pre?.textContent).toBe(`${code}\n`);
    expect(container.querySelector('.tl-md__fence-lang')?.textContent).toBe('typescript');
    await waitFor(() => expect(container.querySelectorAll('pre .tc-tok').length).toBeGreaterThan(3));
    expect(pre?.textContent).toBe(`${code}\n`);
    const coloured = [...container.querySelectorAll<HTMLElement>('pre .tc-tok')].filter((token) => token.style.getPropertyValue('--shiki-light') !== '');
    expect(coloured.length).toBeGreaterThan(0);
  });

  it('leaves a fence in an unknown language plain', () => {
    const { container } = render(<AssistantMarkdown text={'```brainfuck\n+++.\n```'} />);
    expect(container.querySelector('pre')?.textContent).toBe('+++.\n');
    expect(container.querySelector('.tl-md__fence-lang')?.textContent).toBe('text');
  });

  it('while the text grows, parses it at most every 100 ms and shows the newer tail as plain text', () => {
    vi.useFakeTimers();
    try {
      const { container, rerender } = render(<AssistantMarkdown text={'**one**'} />);
      expect(container.querySelector('.tl-md strong')?.textContent).toBe('one');
      rerender(<AssistantMarkdown text={'**one**\n\n**two**'} />);
      expect(container.querySelectorAll('.tl-md strong')).toHaveLength(1);
      expect(container.querySelector('.tl-md__tail')?.textContent).toBe('**two**');
      act(() => vi.advanceTimersByTime(100));
      expect(container.querySelectorAll('.tl-md strong')).toHaveLength(2);
      expect(container.querySelector('.tl-md__tail')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
