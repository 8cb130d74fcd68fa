/**
 * One coloured run of a line, small enough to post from the worker: the light and dark
 * colours become the `--shiki-light` / `--shiki-dark` variables cards.css switches between.
 */
export interface HighlightedToken {
  text: string;
  light?: string;
  dark?: string;
  italic?: true;
  underline?: true;
}

export type HighlightedLine = HighlightedToken[];

/** Receives tokens for lines `start … start + lines.length - 1` of the window. */
export type HighlightChunkListener = (start: number, lines: HighlightedLine[]) => void;

export interface HighlightRequest {
  lang: string;
  texts: readonly string[];
}

/** A window's tokens by line, as far as they arrived: a line without them yet is undefined. */
export type WindowLines = readonly (HighlightedLine | undefined)[];
