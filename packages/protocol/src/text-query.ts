/**
 * A text query as the finders take it (find in session, search across sessions): the text,
 * and whether case, whole words and regular expressions apply. One meaning everywhere.
 */
export interface TextQuery {
  text: string;
  caseSensitive: boolean;
  wholeWord: boolean;
  regex: boolean;
}

export type TextQueryPattern = { ok: true; regexp: RegExp } | { ok: false; message: string };

/**
 * The query as a global, unicode JavaScript RegExp. A literal is escaped (every syntax character; `-` is literal outside a class and may not be escaped in unicode mode); a whole word is
 * bounded by anything that is not a letter, digit or underscore (in any script). An invalid
 * regular expression is a value with the engine's reason, never a throw.
 */
export function textQueryPattern(query: TextQuery): TextQueryPattern {
  const body = query.regex ? query.text : query.text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const source = query.wholeWord ? `(?<![\\p{L}\\p{N}_])(?:${body})(?![\\p{L}\\p{N}_])` : body;
  try {
    return { ok: true, regexp: new RegExp(source, `gu${query.caseSensitive ? '' : 'i'}`) };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message.replace(/^Invalid regular expression: /, '') : String(error) };
  }
}

/**
 * Every match of `pattern` in `text` as [start, end) pairs, at most `limit`; an empty match
 * (`a*` between letters) is skipped, so a pattern can never loop.
 */
export function matchRanges(pattern: RegExp, text: string, limit = Number.POSITIVE_INFINITY): [number, number][] {
  const ranges: [number, number][] = [];
  pattern.lastIndex = 0;
  while (ranges.length < limit) {
    const found = pattern.exec(text);
    if (!found) break;
    if (found[0].length === 0) {
      pattern.lastIndex += 1;
      continue;
    }
    ranges.push([found.index, found.index + found[0].length]);
  }
  return ranges;
}
