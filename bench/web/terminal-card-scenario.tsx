import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ResultCard } from '../../apps/web/src/cards';
import { readFixtures } from '../../apps/web/src/test-support/card-fixtures';
import { terminalFixtures } from '../../apps/web/src/cards/terminal/test-support/terminal-fixtures';
import type { TerminalCardResult } from './bench-results';
import { LongTaskRecorder } from './long-tasks';
import { afterNextPaint, whenPainted } from './paint';

const OUTPUT_LINES = 10_000;

/** `npm test`-like output in colour: a tick, a file, a count, now and then a red cross. */
function colouredOutput(lines: number): string {
  return Array.from({ length: lines }, (_, index) =>
    index % 97 === 0
      ? ` \u001b[31m×\u001b[39m src/module-${index}.test.ts > case ${index} \u001b[2m(${index % 50} ms)\u001b[22m`
      : ` \u001b[32m✓\u001b[39m src/module-${index}.test.ts \u001b[2m(${index % 13} tests)\u001b[22m`,
  ).join('\n');
}

/**
 * A warm page (the terminal card's code loaded by a small card drawn first, the read card's by a
 * read), then, each from its own render to the paint that shows its first text: a terminal card
 * of 10,000 coloured output lines, and the read card of 2,000 TypeScript lines as the baseline.
 */
export async function terminalCardScenario(container: HTMLElement): Promise<TerminalCardResult> {
  const warm = document.createElement('div');
  container.append(warm);
  createRoot(warm).render(
    <StrictMode>
      <ResultCard view={terminalFixtures.success} />
      <ResultCard view={readFixtures.typescript} />
    </StrictMode>,
  );
  await whenPainted(() => warm.querySelector('.tc-term__row') !== null && warm.querySelector('.tc-read__row') !== null);
  await afterNextPaint();
  await afterNextPaint();
  warm.remove();

  const view = { ...terminalFixtures.success, command: 'npm test -- --color', output: colouredOutput(OUTPUT_LINES) };
  const terminalBox = document.createElement('div');
  const readBox = document.createElement('div');
  container.append(terminalBox, readBox);
  const longTasks = new LongTaskRecorder();

  const terminalStarted = performance.now();
  createRoot(terminalBox).render(
    <StrictMode>
      <ResultCard view={view} />
    </StrictMode>,
  );
  const terminalAt = await whenPainted(() => (terminalBox.querySelector('.tc-term__row')?.textContent ?? '') !== '');
  const domRows = terminalBox.querySelectorAll('.tc-term__row').length;
  // The last rows' colours come a task later: let that work finish before the baseline is timed.
  await whenPainted(() => terminalBox.querySelector<HTMLElement>(`.tc-term__row[data-terminal-line="${OUTPUT_LINES - 1}"] .tc-term__text span[style]`) !== null);
  await afterNextPaint();
  await afterNextPaint();

  const readStarted = performance.now();
  createRoot(readBox).render(
    <StrictMode>
      <ResultCard view={readFixtures.longTypescript} />
    </StrictMode>,
  );
  const readAt = await whenPainted(() => (readBox.querySelector('.tc-read__row .tc-read__code')?.textContent ?? '') !== '');
  return {
    terminalFirstTextMs: terminalAt - terminalStarted,
    terminalLongestTaskMs: longTasks.longestBetween(terminalStarted, terminalAt),
    terminalDomRows: domRows,
    readFirstTextMs: readAt - readStarted,
  };
}
