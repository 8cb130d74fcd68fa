import type { DiffResultView, PlanResultView, TerminalResultView } from '@toolcards/protocol';

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
