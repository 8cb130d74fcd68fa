/** A fenced block that survives its content: the fence is longer than any backtick run inside. */
export function fencedBlock(content: string, info = ''): string {
  const fence = '`'.repeat(Math.max(3, longestRun(content, '`') + 1));
  const body = content.endsWith('\n') ? content : `${content}\n`;
  return `${fence}${info}\n${body}${fence}\n`;
}

/** Inline code that survives backticks in its text (CommonMark: a longer run, padded). */
export function inlineCode(text: string): string {
  const oneLine = text.replace(/\r?\n/g, ' ');
  const ticks = '`'.repeat(longestRun(oneLine, '`') + 1);
  const pad = oneLine.startsWith('`') || oneLine.endsWith('`') || oneLine === '' ? ' ' : '';
  return `${ticks}${pad}${oneLine}${pad}${ticks}`;
}

/** Each line as a Markdown quote (a prompt). */
export function quoted(text: string): string {
  return `${text.split(/\r?\n/).map((line) => (line === '' ? '>' : `> ${line}`)).join('\n')}\n`;
}

/** Text written as is, but never read as HTML by a Markdown viewer (a prompt or a title could hold tags). */
export function escapedHtml(text: string): string {
  return text.replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function longestRun(text: string, char: string): number {
  let longest = 0;
  let run = 0;
  for (const c of text) {
    run = c === char ? run + 1 : 0;
    if (run > longest) longest = run;
  }
  return longest;
}
