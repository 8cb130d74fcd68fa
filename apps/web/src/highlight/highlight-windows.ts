import type { HighlightedLine, WindowLines } from './highlighted-line';
import { hasGrammar } from './has-grammar';
import { startHighlight } from './highlight-client';

/**
 * One window's highlighting, shared by whoever asks for the same lines: the ingest of the
 * result frame that carries them starts it, and the card that mounts a frame later picks it
 * up (with whatever already arrived) instead of starting over. So do the cards of a
 * virtualized timeline that unmount and mount again while scrolling, once it has finished.
 */
interface SharedWindow {
  lang: string;
  texts: readonly string[];
  /** What arrived so far, a new array per chunk (a React state can hold it as it is). */
  lines: WindowLines;
  done: boolean;
  holders: Set<(lines: WindowLines) => void>;
  cancel: () => void;
}

/** Windows kept without a holder, newest last: started ahead of their card, or finished. */
const MAX_KEPT_WINDOWS = 8;
/** Lines of tokens kept without a holder, in all: a few cards' worth, never a session's. */
const MAX_KEPT_LINES = 12_000;

const windows: SharedWindow[] = [];

/** Whether `lang` has a grammar: otherwise a window stays plain and nothing starts. */
export function isHighlightable(lang: string | undefined, texts: readonly string[]): lang is string {
  return texts.length > 0 && hasGrammar(lang);
}

/**
 * Starts highlighting a window before anything shows it — a result frame was just ingested,
 * and its card will mount a frame or more later. A no-op when it is already under way.
 */
export function prefetchHighlight(lang: string | undefined, texts: readonly string[]): void {
  if (!isHighlightable(lang, texts) || findWindow(lang, texts)) return;
  windows.push(startWindow(lang, texts));
  trimKept();
}

/** The lines of a window that arrived so far, if it is under way or was kept. */
export function highlightedSoFar(lang: string | undefined, texts: readonly string[]): WindowLines | undefined {
  return isHighlightable(lang, texts) ? findWindow(lang, texts)?.lines : undefined;
}

/**
 * Follows a window's lines, starting it if nothing did: `onLines` gets what arrived so far
 * (when anything did) and every chunk after. The returned release stops following; the last
 * holder of an unfinished window cancels it, as a card that unmounts does.
 */
export function holdHighlight(lang: string, texts: readonly string[], onLines: (lines: WindowLines) => void): () => void {
  let found = findWindow(lang, texts);
  if (!found) {
    found = startWindow(lang, texts);
    windows.push(found);
  }
  const held = found;
  // Most recently used last: the one to keep longest.
  windows.splice(windows.indexOf(held), 1);
  windows.push(held);
  held.holders.add(onLines);
  if (held.lines.length > 0) onLines(held.lines);
  return () => {
    held.holders.delete(onLines);
    // After the current task's synchronous work: a card that mounts again at once (StrictMode,
    // a row moved) holds the window again before it is given up.
    queueMicrotask(() => {
      if (held.holders.size > 0) return;
      if (!held.done) drop(held);
      trimKept();
    });
  };
}

function startWindow(lang: string, texts: readonly string[]): SharedWindow {
  const shared: SharedWindow = { lang, texts, lines: [], done: false, holders: new Set(), cancel: () => undefined };
  const lines: (HighlightedLine | undefined)[] = new Array(texts.length).fill(undefined);
  let arrived = 0;
  shared.cancel = startHighlight({ lang, texts }, (start, chunk) => {
    chunk.forEach((line, index) => {
      lines[start + index] = line;
    });
    arrived += chunk.length;
    shared.lines = lines.slice();
    shared.done = arrived >= texts.length;
    for (const holder of [...shared.holders]) holder(shared.lines);
  });
  return shared;
}

function findWindow(lang: string, texts: readonly string[]): SharedWindow | undefined {
  return windows.find((shared) => shared.lang === lang && sameTexts(shared.texts, texts));
}

/** Equal lines: the same strings as a rule (a card's lines are the frame's), so `===` is quick. */
function sameTexts(a: readonly string[], b: readonly string[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index += 1) if (a[index] !== b[index]) return false;
  return true;
}

function drop(shared: SharedWindow): void {
  const index = windows.indexOf(shared);
  if (index >= 0) windows.splice(index, 1);
  shared.cancel();
}

/** Forgets the oldest windows nobody holds while too many, or too many lines, are kept. */
function trimKept(): void {
  const kept = () => windows.filter((shared) => shared.holders.size === 0);
  let unheld = kept();
  let lines = unheld.reduce((sum, shared) => sum + shared.texts.length, 0);
  while (unheld.length > 0 && (unheld.length > MAX_KEPT_WINDOWS || lines > MAX_KEPT_LINES)) {
    const oldest = unheld[0]!;
    drop(oldest);
    lines -= oldest.texts.length;
    unheld = kept();
  }
}
