import type { IGrammar, StateStack } from 'shiki/textmate';
import type { HighlightedLine, HighlightedToken } from './highlighted-line';
import type { ScopeStyles, TokenStyle } from './scope-styles';

/**
 * Characters of a line the grammar sees: the rest stays plain. A minified bundle or a data
 * line of 20,000 characters costs the grammar seconds (and its regexes can backtrack far),
 * while the card shows its first few hundred characters anyway.
 */
export const MAX_TOKENIZED_CHARS = 1000;

/**
 * Time the grammar may spend on one line (vscode-textmate checks it between matches); the
 * rest of a line that runs over stays plain. Shiki's own default: the first lines of a cold
 * grammar pay for compiling its regexes (40–140 ms each here, more on a busy machine) and
 * must not lose their colours for it; a line within MAX_TOKENIZED_CHARS rarely comes near.
 */
export const LINE_TIME_BUDGET_MS = 500;

export interface TokenizedLine {
  line: HighlightedLine;
  /** The grammar state the next line starts in. */
  stack: StateStack;
}

export interface LineTokenizerOptions {
  maxChars?: number;
  /** 0: none. */
  timeBudgetMs?: number;
}

/**
 * One line through the grammar, coloured for both themes: `text` is the line's own string
 * (not a slice of a joined chunk — V8 runs the grammar's regexes 2–4.5× slower on those),
 * and `stack` the state the previous line left. Adjacent tokens of one look are merged, and a
 * run of spaces or tabs joins its neighbour: its colour is never seen, and every token is an
 * element the card lays out (a third of a code line's tokens are blanks).
 *
 * As Shiki does, an empty line is not tokenized and leaves the state as it was, so colours
 * stay what Shiki's codeToTokens gave. A line cut at `maxChars`, or stopped by the time
 * budget, leaves the state as it was too (VS Code does the same for a line it gives up on):
 * a construct opened in its coloured part but closed in its plain part must not run on
 * into the lines after it.
 */
export function tokenizeLine(
  grammar: IGrammar,
  styles: ScopeStyles,
  text: string,
  stack: StateStack,
  { maxChars = MAX_TOKENIZED_CHARS, timeBudgetMs = LINE_TIME_BUDGET_MS }: LineTokenizerOptions = {},
): TokenizedLine {
  if (text === '') return { line: [], stack };
  const cut = text.length > maxChars;
  const head = cut ? text.slice(0, maxChars) : text;
  const result = grammar.tokenizeLine(head, stack, timeBudgetMs);
  const line: HighlightedLine = [];
  let last: { token: HighlightedToken; style: TokenStyle } | undefined;
  let covered = 0;
  for (const token of result.tokens) {
    // The grammar sees the line with a newline after it: its last token may run onto that.
    const end = Math.min(token.endIndex, head.length);
    if (end <= covered) continue;
    const content = text.slice(covered, end);
    covered = end;
    const style = styles.styleOf(token.scopes);
    if (last && (sameStyle(last.style, style) || (isBlank(content) && !style.underline && !last.style.underline))) {
      last.token.text += content;
      continue;
    }
    if (last && isBlank(last.token.text) && !last.style.underline && !style.underline) {
      // A line's indentation takes the look of what follows it.
      last = { token: styledToken(last.token.text + content, style), style };
      line[line.length - 1] = last.token;
      continue;
    }
    last = { token: styledToken(content, style), style };
    line.push(last.token);
  }
  if (covered < text.length) line.push({ text: text.slice(covered) }); // uncoloured: CSS gives it the code colour
  return { line, stack: cut || result.stoppedEarly ? stack : result.ruleStack };
}

function styledToken(text: string, style: TokenStyle): HighlightedToken {
  const token: HighlightedToken = { text };
  if (style.light !== undefined) token.light = style.light;
  if (style.dark !== undefined) token.dark = style.dark;
  if (style.italic) token.italic = true;
  if (style.underline) token.underline = true;
  return token;
}

const BLANK = /^[ \t]+$/;

function isBlank(text: string): boolean {
  return BLANK.test(text);
}

function sameStyle(a: TokenStyle, b: TokenStyle): boolean {
  return a === b || (a.light === b.light && a.dark === b.dark && a.italic === b.italic && a.underline === b.underline);
}
