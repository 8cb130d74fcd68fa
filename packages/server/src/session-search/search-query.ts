import { MAX_SEARCH_QUERY, textQueryPattern, type TextQuery } from '@toolcards/protocol';

export type SessionSearchQuery = TextQuery;

/** `?q=&case=1&word=1&regex=1` of a search request, or what is wrong with it. Pure. */
export function sessionSearchQueryOf(params: URLSearchParams): SessionSearchQuery | string {
  const text = params.get('q') ?? '';
  if (text.trim() === '') return 'q (what to search for) is required';
  if (text.length > MAX_SEARCH_QUERY) return `q must be at most ${MAX_SEARCH_QUERY} characters`;
  if (/[\0\n\r]/.test(text)) return 'q must be one line, without NUL';
  return { text, caseSensitive: flag(params, 'case'), wholeWord: flag(params, 'word'), regex: flag(params, 'regex') };
}

function flag(params: URLSearchParams, name: string): boolean {
  const value = params.get(name);
  return value === '1' || value === 'true';
}

/**
 * ripgrep's argv for a query over the session logs: an argv vector, the pattern inert data.
 * A log line is JSON, so a literal query is searched as JSON writes it (`"` as `\"`, `\` as
 * `\\`, a tab as `\t`); a regex is searched as given, against those JSON lines.
 * `maxPerFile` + 1 lines per log: one more than listed tells that a session had more.
 */
export function ripgrepArgsFor(query: SessionSearchQuery, sessionsDir: string, maxPerFile: number): string[] {
  const pattern = query.regex ? query.text : JSON.stringify(query.text).slice(1, -1);
  return [
    '--no-config',
    '--json',
    `--max-count=${maxPerFile + 1}`,
    query.caseSensitive ? '--case-sensitive' : '--ignore-case',
    ...(query.wholeWord ? ['--word-regexp'] : []),
    ...(query.regex ? [] : ['--fixed-strings']),
    '--glob=*.jsonl',
    '--no-ignore',
    '--hidden',
    `--regexp=${pattern}`,
    '--',
    sessionsDir,
  ];
}

/**
 * The same query in JavaScript, to place the match in the event's own text (its JSON
 * escapes undone). Undefined when JS cannot express a ripgrep regex: the hit is still
 * listed, without a marked snippet.
 */
export function matcherFor(query: SessionSearchQuery): RegExp | undefined {
  const pattern = textQueryPattern(query);
  return pattern.ok ? pattern.regexp : undefined;
}
