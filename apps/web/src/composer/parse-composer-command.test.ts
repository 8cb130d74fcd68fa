import { describe, expect, it } from 'vitest';
import { grepPatternGuess, parseComposerCommand } from './parse-composer-command';

const errorOf = (input: string) => {
  const parsed = parseComposerCommand(input);
  if (parsed.kind !== 'error') throw new Error(`expected an error for ${input}, got ${JSON.stringify(parsed)}`);
  return parsed.message;
};

describe('parseComposerCommand', () => {
  describe('plain text and nothing', () => {
    it('treats blank input as nothing to send', () => {
      expect(parseComposerCommand('')).toEqual({ kind: 'empty' });
      expect(parseComposerCommand('  \n\t')).toEqual({ kind: 'empty' });
    });

    it('sends text that is not a command to the model, unchanged', () => {
      expect(parseComposerCommand('What does read do?\n  line two')).toEqual({ kind: 'message', text: 'What does read do?\n  line two' });
      expect(parseComposerCommand('a /read inside')).toEqual({ kind: 'message', text: 'a /read inside' });
    });

    it('sends "//text" to the model as "/text"', () => {
      expect(parseComposerCommand('//etc/hosts — what is it?')).toEqual({ kind: 'message', text: '/etc/hosts — what is it?' });
    });
  });

  describe('/read', () => {
    it('takes a path', () => {
      expect(parseComposerCommand('/read src/app.ts')).toEqual({ kind: 'tool', name: 'read', args: { path: 'src/app.ts' } });
    });

    it('takes an offset and a limit', () => {
      expect(parseComposerCommand('  /read src/app.ts 40 20 ')).toEqual({ kind: 'tool', name: 'read', args: { path: 'src/app.ts', offset: 40, limit: 20 } });
      expect(parseComposerCommand('/read a 7')).toEqual({ kind: 'tool', name: 'read', args: { path: 'a', offset: 7 } });
    });

    it('accepts a quoted path with spaces', () => {
      expect(parseComposerCommand('/read "my docs/read me.md" 3')).toEqual({ kind: 'tool', name: 'read', args: { path: 'my docs/read me.md', offset: 3 } });
      expect(parseComposerCommand("/read 'it''s here.txt'")).toEqual({ kind: 'tool', name: 'read', args: { path: 'its here.txt' } });
    });

    it('needs a path', () => {
      expect(errorOf('/read')).toMatch(/^\/read needs a path/);
      expect(errorOf('/read   ')).toMatch(/^\/read needs a path/);
      expect(errorOf('/read ""')).toMatch(/^\/read needs a path/);
    });

    it('rejects an offset or limit that is not a whole number from 1', () => {
      for (const bad of ['0', '-3', '1.5', 'ten', '1e3', '99999999999999999999']) {
        expect(errorOf(`/read a ${bad}`)).toMatch(/offset must be a line number from 1/);
        expect(errorOf(`/read a 1 ${bad}`)).toMatch(/limit must be a whole number from 1/);
      }
    });

    it('rejects extra arguments', () => {
      expect(errorOf('/read a 1 2 3')).toMatch(/at most three arguments/);
    });
  });

  describe('/grep', () => {
    it('takes a pattern', () => {
      expect(parseComposerCommand('/grep TODO')).toEqual({ kind: 'tool', name: 'grep', args: { pattern: 'TODO' } });
    });

    it('takes a path and an --include glob, in any order', () => {
      const expected = { kind: 'tool', name: 'grep', args: { pattern: 'useState', path: 'src', include: '*.tsx' } };
      expect(parseComposerCommand('/grep useState src --include *.tsx')).toEqual(expected);
      expect(parseComposerCommand('/grep --include *.tsx useState src')).toEqual(expected);
      expect(parseComposerCommand('/grep useState --include=*.tsx src')).toEqual(expected);
    });

    it('keeps a quoted pattern with spaces and backslashes literal', () => {
      expect(parseComposerCommand('/grep "function \\w+\\(" src')).toEqual({ kind: 'tool', name: 'grep', args: { pattern: 'function \\w+\\(', path: 'src' } });
      expect(parseComposerCommand("/grep 'a \"b\" c'")).toEqual({ kind: 'tool', name: 'grep', args: { pattern: 'a "b" c' } });
      expect(parseComposerCommand('/grep "say \\"hi\\""')).toEqual({ kind: 'tool', name: 'grep', args: { pattern: 'say "hi"' } });
      expect(parseComposerCommand('/grep \\bfoo\\b')).toEqual({ kind: 'tool', name: 'grep', args: { pattern: '\\bfoo\\b' } });
    });

    it('treats a quoted or post-"--" word starting with "--" as the pattern', () => {
      expect(parseComposerCommand('/grep "--verbose"')).toEqual({ kind: 'tool', name: 'grep', args: { pattern: '--verbose' } });
      expect(parseComposerCommand('/grep -- --verbose docs')).toEqual({ kind: 'tool', name: 'grep', args: { pattern: '--verbose', path: 'docs' } });
      expect(parseComposerCommand('/grep -v')).toEqual({ kind: 'tool', name: 'grep', args: { pattern: '-v' } });
    });

    it('needs a pattern', () => {
      expect(errorOf('/grep')).toMatch(/^\/grep needs a pattern/);
      expect(errorOf('/grep --include *.ts')).toMatch(/^\/grep needs a pattern/);
    });

    it('needs a glob after --include, and only one', () => {
      expect(errorOf('/grep x --include')).toMatch(/--include needs a glob/);
      expect(errorOf('/grep x --include=')).toMatch(/--include needs a glob/);
      expect(errorOf('/grep x --include a --include b')).toMatch(/one --include/);
    });

    it('rejects unknown options and a stray third word', () => {
      expect(errorOf('/grep x --ignore-case')).toMatch(/Unknown option --ignore-case/);
      expect(errorOf('/grep two words here')).toMatch(/quote a pattern with spaces/);
    });
  });

  describe('/glob', () => {
    it('takes a pattern and a path', () => {
      expect(parseComposerCommand('/glob **/*.md')).toEqual({ kind: 'tool', name: 'glob', args: { pattern: '**/*.md' } });
      expect(parseComposerCommand("/glob '*.{ts,tsx}' 'packages/web app'")).toEqual({ kind: 'tool', name: 'glob', args: { pattern: '*.{ts,tsx}', path: 'packages/web app' } });
    });

    it('needs a pattern and refuses a third word', () => {
      expect(errorOf('/glob')).toMatch(/^\/glob needs a pattern/);
      expect(errorOf('/glob a b c')).toMatch(/quote a pattern with spaces/);
    });
  });

  describe('help, unknown commands, quoting errors', () => {
    it('asks for help with /help or /?', () => {
      expect(parseComposerCommand('/help')).toEqual({ kind: 'help' });
      expect(parseComposerCommand('/?')).toEqual({ kind: 'help' });
      expect(errorOf('/help me')).toMatch(/no arguments/);
    });

    it('names an unknown command and the way out', () => {
      expect(errorOf('/etc/hosts')).toMatch(/Unknown command \/etc\/hosts.*\/help.*\/\//);
      expect(errorOf('/READ a')).toMatch(/Unknown command \/READ/);
    });

    it('reports an unclosed quote', () => {
      expect(errorOf('/grep "abc')).toBe('Unclosed double quote');
      expect(errorOf("/read 'abc")).toBe('Unclosed single quote');
    });
  });
});

describe('grepPatternGuess', () => {
  it('reads `/grep export default` as one pattern with a space, quoted so that it runs', () => {
    expect(grepPatternGuess('/grep export default')).toEqual({ command: '/grep "export default"', args: { pattern: 'export default' } });
    expect(parseComposerCommand('/grep "export default"')).toEqual({ kind: 'tool', name: 'grep', args: { pattern: 'export default' } });
  });

  it('keeps the --include glob', () => {
    expect(grepPatternGuess('/grep export default --include *.ts')).toEqual({
      command: '/grep "export default" --include "*.ts"',
      args: { pattern: 'export default', include: '*.ts' },
    });
  });

  it('offers nothing when the path was quoted, or there is no path', () => {
    expect(grepPatternGuess('/grep export "src"')).toBeUndefined();
    expect(grepPatternGuess('/grep export')).toBeUndefined();
    expect(grepPatternGuess('/grep "export default"')).toBeUndefined();
    expect(grepPatternGuess('/read a b')).toBeUndefined();
    expect(grepPatternGuess('hello there')).toBeUndefined();
  });

  it('rides on the error for more words than a pattern and a path', () => {
    const parsed = parseComposerCommand('/grep export default function');
    expect(parsed).toMatchObject({ kind: 'error', suggestion: { command: '/grep "export default function"', args: { pattern: 'export default function' } } });
    expect(grepPatternGuess('/grep export default function')).toEqual({ command: '/grep "export default function"', args: { pattern: 'export default function' } });
  });

  it.each([
    ['quotes', `/grep say 'x"y' there`, 'say x"y there'],
    ['a backslash', '/grep \\w+ foo', '\\w+ foo'],
    ['a trailing backslash', '/grep a b\\', 'a b\\'],
  ])('quotes a pattern with %s so the command gives the same pattern back', (_, input, pattern) => {
    const guess = grepPatternGuess(input);
    expect(guess?.args.pattern).toBe(pattern);
    expect(parseComposerCommand(guess!.command)).toEqual({ kind: 'tool', name: 'grep', args: guess!.args });
  });
});
