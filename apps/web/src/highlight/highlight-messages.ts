import type { HighlightedLine } from './highlighted-line';

/** Page → worker. */
export type HighlightWorkerRequest =
  | { type: 'highlight'; id: number; lang: string; texts: readonly string[] }
  | { type: 'cancel'; id: number }
  /** Create the highlighter and compile `lang`'s common rules now, before a window needs them. */
  | { type: 'warm'; lang: string }
  /** Create the highlighter and load `lang`'s grammar only: the page's start, light enough not to compete with it. */
  | { type: 'load'; lang: string };

/** Worker → page. */
export type HighlightWorkerReply =
  | { type: 'chunk'; id: number; start: number; lines: HighlightedLine[] }
  | { type: 'done'; id: number }
  /** `lang`'s warm-up ran (or found no grammar): for a page that waits on it, such as the bench's. */
  | { type: 'warmed'; lang: string };
