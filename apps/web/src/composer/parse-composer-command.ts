/**
 * The composer's input language: `/read`, `/grep`, `/glob`, `/help`, or plain text for the
 * model. Pure; the composer only renders what this returns.
 */

export interface ReadCommandArgs {
  path: string;
  offset?: number;
  limit?: number;
}

export interface GrepCommandArgs {
  pattern: string;
  path?: string;
  include?: string;
}

export interface GlobCommandArgs {
  pattern: string;
  path?: string;
}

export type ComposerCommand =
  | { kind: 'tool'; name: 'read'; args: ReadCommandArgs }
  | { kind: 'tool'; name: 'grep'; args: GrepCommandArgs }
  | { kind: 'tool'; name: 'glob'; args: GlobCommandArgs }
  | { kind: 'help' }
  /** Plain text for the model. */
  | { kind: 'message'; text: string }
  /** Nothing to send. */
  | { kind: 'empty' };

export interface ComposerError {
  kind: 'error';
  message: string;
  /** A command that likely says what was meant; the composer offers to run it. */
  suggestion?: GrepPatternGuess;
}

/** `/grep export default` written with its pattern quoted: what the person probably meant. */
export interface GrepPatternGuess {
  /** As typed, e.g. `/grep "export default"`; parsing it gives `args`. */
  command: string;
  args: GrepCommandArgs;
}

export type ComposerInput = ComposerCommand | ComposerError;

export const COMPOSER_USAGE = {
  read: '/read <path> [offset] [limit]',
  grep: '/grep <pattern> [path] [--include <glob>]',
  glob: '/glob <pattern> [path]',
  help: '/help',
} as const;

interface Word {
  text: string;
  /** Any part of it was quoted: never an option, even if it starts with "--". */
  quoted: boolean;
}

export function parseComposerCommand(input: string): ComposerInput {
  if (input.trim() === '') return { kind: 'empty' };
  const trimmed = input.trimStart();
  // "//text" sends "/text" to the model: an escape for messages that start with a slash.
  if (trimmed.startsWith('//')) return { kind: 'message', text: trimmed.slice(1) };
  if (!trimmed.startsWith('/')) return { kind: 'message', text: input };

  const words = wordsOf(trimmed);
  if ('message' in words) return { kind: 'error', message: words.message };
  const [head, ...rest] = words.list;
  const command = head?.text ?? '';
  switch (command) {
    case '/read':
      return readCommand(rest);
    case '/grep':
      return grepCommand(rest);
    case '/glob':
      return globCommand(rest);
    case '/help':
    case '/?':
      return rest.length === 0 ? { kind: 'help' } : error('/help takes no arguments');
    default:
      return error(`Unknown command ${command}. Try /read, /grep, /glob or /help (start with // to send text beginning with "/").`);
  }
}

function readCommand(words: Word[]): ComposerInput {
  const [path, offset, limit, ...extra] = words;
  if (!path || path.text === '') return error(`/read needs a path — ${COMPOSER_USAGE.read}`);
  if (extra.length > 0) return error(`/read takes at most three arguments — ${COMPOSER_USAGE.read}`);
  const args: ReadCommandArgs = { path: path.text };
  if (offset) {
    const value = positiveWholeNumber(offset.text);
    if (value === undefined) return error(`/read offset must be a line number from 1 — got "${offset.text}"`);
    args.offset = value;
  }
  if (limit) {
    const value = positiveWholeNumber(limit.text);
    if (value === undefined) return error(`/read limit must be a whole number from 1 — got "${limit.text}"`);
    args.limit = value;
  }
  return { kind: 'tool', name: 'read', args };
}

function grepCommand(words: Word[]): ComposerInput {
  const positional: Word[] = [];
  let include: string | undefined;
  let optionsEnded = false;
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index]!;
    if (optionsEnded || word.quoted || !word.text.startsWith('--')) {
      positional.push(word);
      continue;
    }
    if (word.text === '--') {
      optionsEnded = true;
    } else if (word.text === '--include' || word.text.startsWith('--include=')) {
      if (include !== undefined) return error('/grep takes one --include glob');
      const inline = word.text.startsWith('--include=') ? word.text.slice('--include='.length) : undefined;
      const glob = inline ?? words[(index += 1)]?.text;
      if (!glob) return error(`--include needs a glob, e.g. --include "*.ts" — ${COMPOSER_USAGE.grep}`);
      include = glob;
    } else {
      return error(`Unknown option ${word.text} for /grep (quote a pattern that starts with "--") — ${COMPOSER_USAGE.grep}`);
    }
  }
  const [pattern, path, ...extra] = positional;
  if (!pattern || pattern.text === '') return error(`/grep needs a pattern — ${COMPOSER_USAGE.grep}`);
  if (extra.length > 0) {
    const suggestion = joinedPatternGuess(positional, include);
    const message = `/grep takes a pattern and one path (quote a pattern with spaces) — ${COMPOSER_USAGE.grep}`;
    return suggestion === undefined ? error(message) : { kind: 'error', message, suggestion };
  }
  const args: GrepCommandArgs = { pattern: pattern.text };
  if (path && path.text !== '') args.path = path.text;
  if (include !== undefined) args.include = include;
  return { kind: 'tool', name: 'grep', args };
}

/**
 * For `/grep export default`, which reads as the pattern "export" in a path "default": the
 * same words as one quoted pattern, `/grep "export default"`. Undefined unless the input is
 * a /grep whose path word was typed without quotes (quoting a path says it is one). The
 * composer offers it once the search reports that no such path exists.
 */
export function grepPatternGuess(input: string): GrepPatternGuess | undefined {
  const parsed = parseComposerCommand(input);
  if (parsed.kind === 'error') return parsed.suggestion;
  if (parsed.kind !== 'tool' || parsed.name !== 'grep' || parsed.args.path === undefined) return undefined;
  const words = wordsOf(input.trimStart());
  if ('message' in words) return undefined;
  const positional = grepPositionals(words.list.slice(1));
  return positional === undefined ? undefined : joinedPatternGuess(positional, parsed.args.include);
}

/** The positional words of a well-formed /grep (its options dropped). */
function grepPositionals(words: Word[]): Word[] | undefined {
  const positional: Word[] = [];
  let optionsEnded = false;
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index]!;
    if (optionsEnded || word.quoted || !word.text.startsWith('--')) positional.push(word);
    else if (word.text === '--') optionsEnded = true;
    else if (word.text === '--include') index += 1;
  }
  return positional.length >= 2 ? positional : undefined;
}

function joinedPatternGuess(positional: Word[], include: string | undefined): GrepPatternGuess | undefined {
  // A quoted last word was meant as the path.
  if (positional.at(-1)!.quoted) return undefined;
  const pattern = positional.map((word) => word.text).join(' ');
  const quotedPattern = quotedWord(pattern);
  const quotedInclude = include === undefined ? '' : quotedWord(include);
  if (quotedPattern === undefined || quotedInclude === undefined) return undefined;
  return {
    command: `/grep ${quotedPattern}${include === undefined ? '' : ` --include ${quotedInclude}`}`,
    args: include === undefined ? { pattern } : { pattern, include },
  };
}

/** `text` as one word wordsOf reads back as `text`; undefined when no quoting can say it. */
function quotedWord(text: string): string | undefined {
  // In double quotes only \" is an escape: a trailing backslash would swallow the closing quote.
  if (!text.endsWith('\\')) return `"${text.replaceAll('"', '\\"')}"`;
  return text.includes("'") ? undefined : `'${text}'`;
}

function globCommand(words: Word[]): ComposerInput {
  const [pattern, path, ...extra] = words;
  if (!pattern || pattern.text === '') return error(`/glob needs a pattern — ${COMPOSER_USAGE.glob}`);
  if (extra.length > 0) return error(`/glob takes a pattern and one path (quote a pattern with spaces) — ${COMPOSER_USAGE.glob}`);
  const args: GlobCommandArgs = { pattern: pattern.text };
  if (path && path.text !== '') args.path = path.text;
  return { kind: 'tool', name: 'glob', args };
}

/**
 * Splits on whitespace; "double" and 'single' quotes group words and may join onto
 * unquoted text (a"b c" → ab c). Backslashes stay literal — they are regex syntax in a
 * grep pattern — except \" inside double quotes.
 */
function wordsOf(input: string): { list: Word[] } | { message: string } {
  const list: Word[] = [];
  let current: Word | undefined;
  let index = 0;
  while (index < input.length) {
    const char = input[index]!;
    if (/\s/.test(char)) {
      if (current) list.push(current);
      current = undefined;
      index += 1;
      continue;
    }
    current ??= { text: '', quoted: false };
    if (char === '"' || char === "'") {
      let close = index + 1;
      let text = '';
      while (close < input.length && input[close] !== char) {
        if (char === '"' && input[close] === '\\' && input[close + 1] === '"') {
          text += '"';
          close += 2;
        } else {
          text += input[close];
          close += 1;
        }
      }
      if (close >= input.length) return { message: `Unclosed ${char === '"' ? 'double' : 'single'} quote` };
      current.text += text;
      current.quoted = true;
      index = close + 1;
      continue;
    }
    current.text += char;
    index += 1;
  }
  if (current) list.push(current);
  return { list };
}

function positiveWholeNumber(text: string): number | undefined {
  if (!/^\d+$/.test(text)) return undefined;
  const value = Number(text);
  return Number.isSafeInteger(value) && value >= 1 ? value : undefined;
}

function error(message: string): ComposerError {
  return { kind: 'error', message };
}
