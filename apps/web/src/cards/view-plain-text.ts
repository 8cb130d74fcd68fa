import type { DiffResultView, PlanResultView, ReadResultView, SearchResultView, TerminalResultView } from '@toolcards/protocol';

/**
 * The text of a card whose code loads on first use, for the generic card that stands in while
 * it loads or when its code cannot be fetched: what the card would show, nothing lost. Escapes
 * stay in the terminal output (the generic card shows them as marked characters, never raw).
 */
export function terminalPlainText(view: TerminalResultView): string {
  const stderr = view.stderr === undefined || view.stderr === '' ? '' : `\n${view.stderr}`;
  return `$ ${view.command}\n${view.output}${stderr}`;
}

export function diffPlainText(view: DiffResultView): string {
  return view.files
    .map((file) => {
      const header = file.oldPath === undefined ? `${file.status} ${file.path}` : `${file.status} ${file.oldPath} → ${file.path}`;
      const hunks = file.hunks.map((hunk) => [`@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`, ...hunk.lines].join('\n'));
      return [header, ...hunks].join('\n');
    })
    .join('\n\n');
}

const PLAN_MARKS = { pending: '[ ]', in_progress: '[~]', completed: '[x]' } as const;

export function planPlainText(view: PlanResultView): string {
  const items = view.items.map((item) => `${PLAN_MARKS[item.status]} ${item.text}`);
  return (view.explanation === undefined ? items : [view.explanation, '', ...items]).join('\n');
}

type Shape<S extends SearchResultView['shape']> = Extract<SearchResultView, { shape: S }>;

/** Grep's matches as `path:line: text`, one per line. */
export function matchesPlainText(view: Shape<'matches'>): string {
  return view.files.flatMap((file) => file.matches.map((match) => `${file.path}:${match.lineNumber}: ${match.line}`)).join('\n');
}

/** Glob's paths, one per line. */
export function pathsPlainText(view: Shape<'paths'>): string {
  return view.paths.join('\n');
}

/** A read's lines, numbered as the gutter numbers them. */
export function readPlainText(view: ReadResultView): string {
  return view.lines.map((line) => `${line.number}\t${line.text}`).join('\n');
}
