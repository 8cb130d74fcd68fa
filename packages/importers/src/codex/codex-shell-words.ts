/**
 * A shell command line as words, the way bash splits a simple command: single quotes, double
 * quotes (with \" \\ \$ \` escapes) and backslashes. An unquoted control or redirection character
 * (| & ; < > ( ) $ `) becomes an operator token of its own, so a classifier can refuse a command
 * that is more than one simple command. Undefined for a line bash would not accept as written
 * (an open quote).
 */

export type ShellToken = { kind: 'word'; text: string } | { kind: 'operator'; text: string };

const OPERATOR_CHARS = new Set(['|', '&', ';', '<', '>', '(', ')', '`', '$', '\n']);

export function shellWords(line: string): ShellToken[] | undefined {
  const tokens: ShellToken[] = [];
  let word: string | undefined;
  const flush = (): void => {
    if (word !== undefined) tokens.push({ kind: 'word', text: word });
    word = undefined;
  };
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index]!;
    if (char === ' ' || char === '\t') {
      flush();
    } else if (char === "'") {
      const end = line.indexOf("'", index + 1);
      if (end < 0) return undefined;
      word = (word ?? '') + line.slice(index + 1, end);
      index = end;
    } else if (char === '"') {
      let text = '';
      let closed = false;
      for (index += 1; index < line.length; index += 1) {
        const inner = line[index]!;
        if (inner === '"') {
          closed = true;
          break;
        }
        if (inner === '$' || inner === '`') return undefined; // an expansion: not a plain word
        if (inner === '\\' && index + 1 < line.length && '"\\$`\n'.includes(line[index + 1]!)) {
          index += 1;
          text += line[index];
        } else {
          text += inner;
        }
      }
      if (!closed) return undefined;
      word = (word ?? '') + text;
    } else if (char === '\\') {
      if (index + 1 >= line.length) return undefined;
      index += 1;
      word = (word ?? '') + line[index];
    } else if (OPERATOR_CHARS.has(char)) {
      flush();
      const pair = line.slice(index, index + 2);
      const text = pair === '&&' || pair === '||' || pair === '>>' || pair === '<<' ? pair : char;
      tokens.push({ kind: 'operator', text });
      index += text.length - 1;
    } else {
      word = (word ?? '') + char;
    }
  }
  flush();
  return tokens;
}

/** An argv joined back into one command line, each word quoted only when it needs it. */
export function joinShellWords(words: readonly string[]): string {
  return words.map((word) => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`)).join(' ');
}
