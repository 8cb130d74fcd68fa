import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { genericFixtures } from '../../test-support/card-fixtures';
import { rawBidiControls } from '../text/raw-controls';
import { GenericCard } from './generic-card';

describe('GenericCard', () => {
  it('shows its title and the output as monospace text', () => {
    const { container } = render(<GenericCard view={genericFixtures.plainOutput} />);
    expect(screen.getByRole('article', { name: 'run tests' })).toBeTruthy();
    expect(container.querySelector('pre')!.textContent).toBe(genericFixtures.plainOutput.content);
    expect(screen.queryByRole('button', { name: /show all/i })).toBeNull();
  });

  it('collapses long output to 30 lines with "Show all"', async () => {
    const user = userEvent.setup();
    const { container } = render(<GenericCard view={genericFixtures.longOutput} />);
    const pre = container.querySelector('pre')!;
    expect(pre.textContent!.split('\n')).toHaveLength(30);
    const more = screen.getByRole('button', { name: 'Show all 120 lines' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    await user.click(more);
    expect(pre.textContent).toBe(genericFixtures.longOutput.content);
    expect(screen.getByRole('button', { name: 'Show less' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('copies the whole output, even when collapsed', async () => {
    const user = userEvent.setup();
    render(<GenericCard view={genericFixtures.longOutput} />);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(genericFixtures.longOutput.content);
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
  });

  it('says there was no output', () => {
    render(<GenericCard view={genericFixtures.empty} />);
    expect(screen.getByText('No output')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Copy' })).toBeNull();
  });

  it('styles an error as an error, titled with what went wrong, its code a badge', () => {
    const { container } = render(
      <GenericCard view={{ card: 'generic', title: 'Read src/missing.ts — file not found', content: 'src/missing.ts does not exist.' }} isError errorCode="FS_NOT_FOUND" />,
    );
    const card = screen.getByRole('article', { name: 'Error: Read src/missing.ts — file not found' });
    expect(card.querySelector('.tc-card__title')!.textContent).toBe('Read src/missing.ts — file not found');
    expect(card.classList.contains('tc-card--error')).toBe(true);
    expect(container.querySelector('code.tc-generic__code')!.textContent).toBe('FS_NOT_FOUND');
    expect(container.querySelector('pre')!.textContent).toBe('src/missing.ts does not exist.');
  });

  it('shows bidi, colour and carriage-return characters as chips, keeps line breaks, and warns', () => {
    const { container } = render(<GenericCard view={genericFixtures.invisibleCharacters} />);
    expect(container.querySelector('pre')!.textContent).toBe(
      'total: 100U+202E00U+202C credits\nU+001B[32mokU+001B[0m all checks passed\r\nprogress 50%U+000Dprogress 100%\n',
    );
    expect(screen.getByRole('note').textContent).toMatch(/bidirectional Unicode control characters/);
    expect(rawBidiControls(container)).toEqual([]);
  });

  it('copies the original output, controls included', async () => {
    const user = userEvent.setup();
    render(<GenericCard view={genericFixtures.invisibleCharacters} />);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(genericFixtures.invisibleCharacters.content);
  });

  it('shows an escape in an error title and code', () => {
    const { container } = render(<GenericCard view={{ card: 'generic', title: 'E\u202EX', content: 'x' }} isError errorCode={'C\u202ED'} />);
    expect(screen.getByRole('article', { name: 'Error: E[U+202E]X' })).toBeTruthy();
    expect(container.querySelector('.tc-card__title')!.textContent).toBe('EU+202EX');
    expect(container.querySelector('code')!.textContent).toBe('CU+202ED');
  });

  it('renders markup in output as text', () => {
    const { container } = render(<GenericCard view={{ card: 'generic', title: '<b>x</b>', content: '<img src=x onerror=alert(1)>' }} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container.querySelector('pre')!.textContent).toBe('<img src=x onerror=alert(1)>');
  });
});
