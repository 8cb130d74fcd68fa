import type { DiffResultView, PlanResultView, ReadResultView, SearchResultView, TerminalResultView, ToolResultView } from '@toolcards/protocol';
import { escapedHtml, fencedBlock, inlineCode } from './fences';

/**
 * One result's card as GitHub-flavoured Markdown: a read as a fenced block in its language
 * under a `path:A-B` heading, grep as per-file lists of `line: text`, glob as a list, a diff
 * as ```diff, a terminal as ```console, a plan as a task list, anything else as fenced text.
 */
export function cardMarkdown(view: ToolResultView, callTitle: string | undefined): string {
  switch (view.card) {
    case 'read':
      return readMarkdown(view);
    case 'search':
      return searchMarkdown(view, callTitle);
    case 'terminal':
      return terminalMarkdown(view, callTitle);
    case 'diff':
      return diffMarkdown(view, callTitle);
    case 'plan':
      return planMarkdown(view, callTitle);
    case 'generic':
      return genericMarkdown(view.title ?? callTitle ?? 'Tool result', view.content ?? '');
  }
}

export function genericMarkdown(title: string, content: string): string {
  return `${heading(title)}${content === '' ? '' : `\n${fencedBlock(content, 'text')}`}`;
}

function readMarkdown(view: ReadResultView): string {
  const first = view.lines[0]?.number;
  const last = view.lines.at(-1)?.number;
  const where = first === undefined ? view.path : `${view.path}:${first}-${last}`;
  const code = view.lines.map((line) => line.text).join('\n');
  return `${heading(inlineCode(where), false)}\n${fencedBlock(code, view.lang ?? '')}`;
}

function searchMarkdown(view: SearchResultView, callTitle: string | undefined): string {
  const title = heading(view.title ?? callTitle ?? 'Search');
  const more = view.truncated ? `\n_${view.total} in all; the rest was not kept._\n` : '';
  if (view.shape === 'paths') {
    if (view.paths.length === 0) return `${title}\n_No files._\n`;
    return `${title}\n${view.paths.map((path) => `- ${inlineCode(path)}`).join('\n')}\n${more}`;
  }
  if (view.files.length === 0) return `${title}\n_No matches._\n`;
  const files = view.files.map((file) => [`- ${inlineCode(file.path)}`, ...file.matches.map((match) => `  - ${match.lineNumber}: ${inlineCode(match.line)}`)].join('\n'));
  return `${title}\n${files.join('\n')}\n${more}`;
}

function terminalMarkdown(view: TerminalResultView, callTitle: string | undefined): string {
  const status = view.signal ? `killed (${view.signal})` : view.exitCode === null ? 'exit unknown' : `exit ${view.exitCode}`;
  const text = [`$ ${view.command}`, withoutAnsi(view.output).replace(/\n$/, ''), ...(view.stderr ? [withoutAnsi(view.stderr).replace(/\n$/, '')] : [])].filter((part) => part !== '').join('\n');
  return `${heading(view.title ?? callTitle ?? 'Terminal')}\n${fencedBlock(text, 'console')}_${status}${view.truncated ? ', output cut' : ''}_\n`;
}

function diffMarkdown(view: DiffResultView, callTitle: string | undefined): string {
  const files = view.files.map((file) => {
    const lines = [`--- ${file.status === 'added' ? '/dev/null' : `a/${file.oldPath ?? file.path}`}`, `+++ ${file.status === 'deleted' ? '/dev/null' : `b/${file.path}`}`];
    for (const hunk of file.hunks) {
      lines.push(`@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`, ...hunk.lines);
    }
    return fencedBlock(lines.join('\n'), 'diff');
  });
  return `${heading(view.title ?? callTitle ?? 'Edit')}\n${files.join('\n')}`;
}

function planMarkdown(view: PlanResultView, callTitle: string | undefined): string {
  const items = view.items.map((item) => `- [${item.status === 'completed' ? 'x' : ' '}] ${escapedHtml(item.text)}${item.status === 'in_progress' ? ' _(in progress)_' : ''}`);
  const why = view.explanation ? `\n${escapedHtml(view.explanation)}\n` : '';
  return `${heading(view.title ?? callTitle ?? 'Plan')}${why}\n${items.length > 0 ? items.join('\n') : '_The plan is empty._'}\n`;
}

function heading(title: string, escape = true): string {
  return `#### ${escape ? escapedHtml(title.replace(/\r?\n/g, ' ')) : title}\n`;
}

/** A terminal's colours and cursor moves do not belong in a code block. */
function withoutAnsi(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\u001b\[[0-9;?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)|\u001b[@-Z\\-_]/g, '');
}
