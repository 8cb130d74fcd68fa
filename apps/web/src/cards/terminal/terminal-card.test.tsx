import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ResultCard } from '../result-card';
import { TerminalCard } from './terminal-card';
import { terminalFixtures } from './test-support/terminal-fixtures';

const outputRows = (container: HTMLElement) => [...container.querySelectorAll('.tc-term__row')].map((row) => row.textContent);

describe('TerminalCard', () => {
  it('shows the command, where it ran, exit 0 and the duration', () => {
    render(<TerminalCard view={terminalFixtures.success} />);
    const card = screen.getByRole('article', { name: 'Terminal: npm run build && ls -la dist/' });
    expect(card.querySelector('.tc-term__command')!.textContent).toBe('npm run build && ls -la dist/');
    expect(within(card).getByText('in /home/dev/project')).toBeTruthy();
    expect(within(card).getByText('exit 0').className).toContain('tc-term__exit--ok');
    expect(within(card).getByText('2.3 s')).toBeTruthy();
  });

  it.each([
    ['nonZeroExit', 'exit 1', 'failed'],
    ['killed', 'killed (SIGKILL)', 'killed'],
    ['interrupted', 'interrupted', 'interrupted'],
  ] as const)('badges %s as %s', (fixture, text, tone) => {
    render(<TerminalCard view={terminalFixtures[fixture]} />);
    expect(screen.getByText(text).className).toContain(`tc-term__exit--${tone}`);
  });

  it('draws colours and styles from SGR, and never an escape byte', () => {
    const { container } = render(<TerminalCard view={terminalFixtures.ansiColours} />);
    const red = screen.getByText('red');
    expect(red.style.color).toBe('var(--tc-ansi-red)');
    expect(screen.getByText('table 208').style.color).toBe('#ff8700');
    expect(screen.getByText('truecolor hot pink').style.color).toBe('#ff69b4');
    expect(screen.getByText('bold').style.fontWeight).toBe('700');
    expect(screen.getByText('underline').style.textDecoration).toBe('underline');
    expect(screen.getByText('inverse').style.backgroundColor).toBe('var(--tc-term-fg)');
    expect(container.textContent).not.toMatch(/[\u001b\u0007]/);
    expect(outputRows(container)[5]).toBe('cursor codes dropped and a title too');
  });

  it('shows a progress line as it was left', () => {
    const { container } = render(<TerminalCard view={terminalFixtures.crProgress} />);
    expect(outputRows(container)).toEqual(['[##########] 100%', 'added 214 packages in 14s']);
  });

  it('marks stderr when it came apart', () => {
    const { container } = render(<TerminalCard view={terminalFixtures.nonZeroExit} />);
    const stderr = container.querySelectorAll('.tc-term__row.is-stderr');
    expect([...stderr].map((row) => row.textContent)).toEqual(['npm error Lifecycle script `test` failed with error:', 'npm error code 1']);
    expect(stderr[0]!.classList.contains('is-stderr-start')).toBe(true);
  });

  it('says so when there is no output', () => {
    render(<TerminalCard view={terminalFixtures.emptyOutput} />);
    expect(screen.getByText('No output')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Copy output' })).toBeNull();
  });

  it('shows the first and last lines of 20,000, then all of them, virtualized', async () => {
    const user = userEvent.setup();
    const { container } = render(<TerminalCard view={terminalFixtures.longOutput} />);
    const rows = outputRows(container);
    expect(rows).toHaveLength(20);
    expect(rows[0]).toContain('module-1.ts');
    expect(rows[19]).toContain('module-20000.ts');
    expect(screen.getByText('19,980 lines not shown')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show all 20,000 lines' }));
    const shown = outputRows(container);
    expect(shown.length).toBeGreaterThan(20);
    expect(shown.length).toBeLessThan(200);
    expect(screen.getByRole('button', { name: 'Show less' }).getAttribute('aria-expanded')).toBe('true');
  });

  it("colours the last lines of a long output a task after their text, with the styles set far above", async () => {
    const output = `\u001b[32m${Array.from({ length: 1_000 }, (_, index) => `line ${index + 1}`).join('\n')}\u001b[0m\n`;
    const { container } = render(<TerminalCard view={{ ...terminalFixtures.success, output }} />);
    const last = () => container.querySelector<HTMLElement>('[data-terminal-line="999"] .tc-term__text span')!;
    expect(last().textContent).toBe('line 1000');
    expect(container.querySelector<HTMLElement>('[data-terminal-line="0"] .tc-term__text span')!.style.color).toBe('var(--tc-ansi-green)');
    await waitFor(() => expect(last().style.color).toBe('var(--tc-ansi-green)'));
  });

  it('cuts a 1 MB line at 2,000 characters with a mark that draws the rest, and says the output was cut', async () => {
    const user = userEvent.setup();
    const { container } = render(<TerminalCard view={terminalFixtures.megabyteLine} />);
    expect(container.querySelector('.tc-term__text')!.textContent).toHaveLength(2_000);
    await user.click(screen.getByRole('button', { name: 'Show the rest of the line: 1,046,576 more characters' }));
    expect(container.querySelector('.tc-term__text')!.textContent).toHaveLength(1_048_576);
    expect(screen.getByRole('note').textContent).toBe('Output cut: the full output is at /home/dev/.toolcards/spill/bash-17.txt');
  });

  it('copies the command, and the output without escapes', async () => {
    const user = userEvent.setup();
    render(<TerminalCard view={terminalFixtures.nonZeroExit} />);
    await user.click(screen.getByRole('button', { name: 'Copy command' }));
    expect(await navigator.clipboard.readText()).toBe('npm test -- --run src/parser.test.ts');
    await user.click(screen.getByRole('button', { name: 'Copy output' }));
    const copied = await navigator.clipboard.readText();
    expect(copied).toContain('Test Files  1 failed (1)');
    expect(copied).toContain('npm error code 1');
    expect(copied).not.toContain('\u001b');
  });

  it('shows hidden and bidi characters as chips, with the bidi warning', () => {
    const { container } = render(<TerminalCard view={terminalFixtures.hiddenCharacters} />);
    expect(container.querySelectorAll('.tc-escape--bidi').length).toBeGreaterThanOrEqual(2);
    expect(container.querySelector('.tc-escape--invisible')).not.toBeNull();
    expect(screen.getByRole('note').textContent).toContain('bidirectional Unicode control characters');
  });

  it('shows the whole output when a find hit is in its hidden middle', () => {
    render(<TerminalCard view={terminalFixtures.longOutput} targetLine={10_000} />);
    // The scroll to the line itself needs layout: the gallery check and e2e see it.
    expect(screen.getByRole('button', { name: 'Show less' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Output, 20,000 lines' })).toBeTruthy();
  });
});

describe('ResultCard', () => {
  it('loads the terminal card on first use', async () => {
    render(<ResultCard view={terminalFixtures.success} />);
    expect(await screen.findByText('exit 0')).toBeTruthy();
  });
});
