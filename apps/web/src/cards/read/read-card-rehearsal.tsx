import { createRoot } from 'react-dom/client';
import { ResultCard } from '../result-card';
import { viewForResult } from '../view-for-result';

/** How long the rehearsal card stays mounted: its colours come back from the worker meanwhile. */
const MOUNTED_MS = 1000;

/** A small read window as the server sends it: real-looking TypeScript, so its rows take tokens too. */
const REHEARSAL_LINES = [
  "import { readFile } from 'node:fs/promises';",
  '',
  '/** A file of the workspace, as read. */',
  'export interface Loaded {',
  '  path: string;',
  '  text: string;',
  '}',
  '',
  'export async function load(path: string): Promise<Loaded> {',
  "  const text = await readFile(path, 'utf8');",
  '  return { path, text };',
  '}',
];
const REHEARSAL_VIEW = {
  card: 'read',
  path: 'src/rehearsal.ts',
  lang: 'typescript',
  offset: 1,
  totalLines: REHEARSAL_LINES.length,
  lines: REHEARSAL_LINES.map((text, index) => ({ number: index + 1, text })),
};

/** A performance mark at each rehearsal: the first-read bench tells whether it came before the command. */
export const READ_CARD_REHEARSAL_MARK = 'toolcards:read-card-rehearsal';

/**
 * The page's first read card costs several times a later one (first-read bench: its first
 * render 77–88 ms against 11–18 ms again): V8 compiling the card's code and React's first pass
 * over ReadCard, its virtual rows and the virtualizer, and zod building the read view's schema
 * at its first parse. At the page's first idle moment, one small read card is validated and
 * rendered into a detached element (never in the document: no layout, nothing on screen or in
 * the accessibility tree) and unmounted a moment later, so the user's first read finds that
 * work done (read-card-rehearsal-when-idle.ts decides when). Unmounted after MOUNTED_MS.
 */
export function rehearseReadCard(): () => void {
  performance.mark(READ_CARD_REHEARSAL_MARK);
  const view = viewForResult({ content: [{ type: 'text', text: REHEARSAL_LINES.join('\n') }], isError: false }, REHEARSAL_VIEW);
  const root = createRoot(document.createElement('div'));
  root.render(<ResultCard view={view} />);
  let mounted = true;
  const unmount = () => {
    if (mounted) root.unmount();
    mounted = false;
  };
  const timer = setTimeout(unmount, MOUNTED_MS);
  return () => {
    clearTimeout(timer);
    unmount();
  };
}
