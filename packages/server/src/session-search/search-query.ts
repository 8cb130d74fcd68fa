import { MAX_SEARCH_QUERY, type TextQuery } from '@toolcards/protocol';

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
 * How ripgrep matches the query, as flags: the same in every pass, so each pass agrees on
 * what a match is. A log line is JSON, so a literal query is searched as JSON writes it
 * (`"` as `\"`, `\` as `\\`, a tab as `\t`); a regex is searched as given, against those
 * JSON lines. The pattern is one inert `--regexp=` argument.
 */
export function matchArgsFor(query: SessionSearchQuery): string[] {
  const pattern = query.regex ? query.text : JSON.stringify(query.text).slice(1, -1);
  return [
    query.caseSensitive ? '--case-sensitive' : '--ignore-case',
    ...(query.wholeWord ? ['--word-regexp'] : []),
    ...(query.regex ? [] : ['--fixed-strings']),
    `--regexp=${pattern}`,
  ];
}

/**
 * ripgrep's threads for a pass over every log: one core is left to the server's own thread,
 * so HTTP and the WebSocket answer while a search scans gigabytes.
 */
export function threadsArgFor(cores: number): string {
  return `--threads=${Math.max(1, cores - 1)}`;
}

/** Which session logs a pass reads: the logs of the data dir, or some of them by path. */
export type LogTargets = { dir: string } | { files: readonly string[] };

function targetArgs(targets: LogTargets): string[] {
  return 'dir' in targets ? ['--glob=*.jsonl', '--no-ignore', '--hidden', '--', targets.dir] : ['--no-ignore', '--hidden', '--', ...targets.files];
}

/**
 * The argv that locates matching log lines without printing them: per line its file, line
 * number and byte offset (`--max-columns=1` prints "[Omitted long matching line]" for the
 * text), so a record stays a few dozen bytes however long the logged event is. No
 * `--column`: it makes ripgrep find every match of a line, 100,000 in a big result of a
 * common word. `maxPerFile` lines per log at most: ripgrep leaves a log once that many matched.
 */
export function locateArgsFor(matchArgs: readonly string[], targets: LogTargets, maxPerFile: number): string[] {
  return [
    '--no-config',
    '--null',
    '--with-filename',
    '--no-heading',
    '--color=never',
    '--line-number',
    '--byte-offset',
    '--max-columns=1',
    `--max-count=${maxPerFile}`,
    ...matchArgs,
    ...targetArgs(targets),
  ];
}

/** The argv that counts the matching lines of each log: one short record per log. */
export function countArgsFor(matchArgs: readonly string[], targets: LogTargets): string[] {
  return ['--no-config', '--null', '--with-filename', '--count', ...matchArgs, ...targetArgs(targets)];
}
