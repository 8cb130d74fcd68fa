import { describe, expect, it } from 'vitest';
import { classifyArgv, classifyCommandLine } from './codex-command';
import { joinShellWords, shellWords } from './codex-shell-words';

describe('classifyCommandLine: which card a Codex shell command gets', () => {
  it.each([
    ["sed -n '1,20p' src/a.ts", { kind: 'read', file: 'src/a.ts', ask: { kind: 'range', start: 1, end: 20 } }],
    ['sed -n 5p src/a.ts', { kind: 'read', file: 'src/a.ts', ask: { kind: 'range', start: 5, end: 5 } }],
    ['cat README.md', { kind: 'read', file: 'README.md', ask: { kind: 'whole', numbered: false } }],
    ['cat "docs/a file.md"', { kind: 'read', file: 'docs/a file.md', ask: { kind: 'whole', numbered: false } }],
    ['nl -ba src/a.ts', { kind: 'read', file: 'src/a.ts', ask: { kind: 'whole', numbered: true } }],
    ['head -n 40 src/a.ts', { kind: 'read', file: 'src/a.ts', ask: { kind: 'head', count: 40 } }],
    ['head -5 src/a.ts', { kind: 'read', file: 'src/a.ts', ask: { kind: 'head', count: 5 } }],
    ['head src/a.ts', { kind: 'read', file: 'src/a.ts', ask: { kind: 'head', count: 10 } }],
    ['tail -n +30 src/a.ts', { kind: 'read', file: 'src/a.ts', ask: { kind: 'from', start: 30 } }],
    ["cd src && sed -n '3,4p' a.ts", { kind: 'read', file: 'a.ts', ask: { kind: 'range', start: 3, end: 4 }, dir: 'src' }],
    ['rg -n needle', { kind: 'search', pattern: 'needle', fixed: false, caseInsensitive: false }],
    ['rg -n -i "needle one" src', { kind: 'search', pattern: 'needle one', fixed: false, caseInsensitive: true, path: 'src' }],
    ["rg -nF 'a.b(' -g '*.ts'", { kind: 'search', pattern: 'a.b(', fixed: true, caseInsensitive: false, include: '*.ts' }],
    ['grep -rn TODO src', { kind: 'search', pattern: 'TODO', fixed: false, caseInsensitive: false, path: 'src' }],
    ['rg --files', { kind: 'list', tool: 'rg-files', pattern: '**/*' }],
    ['rg --files src', { kind: 'list', tool: 'rg-files', pattern: '**/*', path: 'src' }],
    ['ls', { kind: 'list', tool: 'ls', pattern: '*' }],
    ['ls -a src', { kind: 'list', tool: 'ls', pattern: '*', path: 'src' }],
    ["find . -type f -name '*.ts'", { kind: 'list', tool: 'find', pattern: '**/*.ts' }],
    ['fd config src', { kind: 'list', tool: 'fd', pattern: 'config', path: 'src' }],
  ])('%s', (line, expected) => {
    expect(classifyCommandLine(line)).toEqual(expected);
  });

  it.each([
    // Line numbers unknowable: the last N lines of a file of unknown length.
    'tail -n 20 src/a.ts',
    // More than one simple command, a redirection, an expansion.
    'cat a.ts | head -n 3',
    'cat a.ts > b.ts',
    'cat $FILE',
    'cd src && cat a.ts && cat b.ts',
    'rg -n needle; echo done',
    // A flag the output's shape depends on.
    'rg needle',
    'rg -n -C 2 needle',
    'grep -n needle a.ts',
    'ls -l',
    'cat -A a.ts',
    "sed -i 's/a/b/' a.ts",
    'find . -newer a.ts',
    // Other programs.
    'npm test',
    "sh -c 'echo oops >&2; exit 3'",
    "echo 'open quote",
  ])('%s is a terminal command', (line) => {
    expect(classifyCommandLine(line)).toEqual({ kind: 'terminal' });
  });

  it('finds an apply_patch heredoc, with or without a cd first', () => {
    const patch = '*** Begin Patch\n*** Add File: a.md\n+hi\n*** End Patch';
    expect(classifyCommandLine(`apply_patch <<'EOF'\n${patch}\nEOF`)).toEqual({ kind: 'patch', patch });
    expect(classifyCommandLine(`cd docs && apply_patch <<"PATCH"\n${patch}\nPATCH\n`)).toEqual({ kind: 'patch', patch, dir: 'docs' });
  });
});

describe('classifyArgv: 0.58 shell argv', () => {
  it('reads bash -lc CMD as the command line, and apply_patch PATCH as a patch', () => {
    expect(classifyArgv(['bash', '-lc', 'cat a.ts'])).toEqual({ kind: 'read', file: 'a.ts', ask: { kind: 'whole', numbered: false } });
    expect(classifyArgv(['/bin/sh', '-c', 'rg -n x'])).toMatchObject({ kind: 'search', pattern: 'x' });
    expect(classifyArgv(['apply_patch', '*** Begin Patch\n*** End Patch'])).toEqual({ kind: 'patch', patch: '*** Begin Patch\n*** End Patch' });
    expect(classifyArgv(['rg', '-n', 'a b'])).toMatchObject({ kind: 'search', pattern: 'a b' });
    expect(classifyArgv([])).toEqual({ kind: 'terminal' });
  });
});

describe('shellWords', () => {
  it('splits as bash does, and marks operators', () => {
    expect(shellWords(`a 'b c' "d \\"e\\"" f\\ g && h|i`)).toEqual([
      { kind: 'word', text: 'a' },
      { kind: 'word', text: 'b c' },
      { kind: 'word', text: 'd "e"' },
      { kind: 'word', text: 'f g' },
      { kind: 'operator', text: '&&' },
      { kind: 'word', text: 'h' },
      { kind: 'operator', text: '|' },
      { kind: 'word', text: 'i' },
    ]);
    expect(shellWords('"$HOME"')).toBeUndefined();
    expect(shellWords("'open")).toBeUndefined();
  });

  it('joins an argv back so that it splits the same', () => {
    const argv = ['rg', '-n', "it's here", 'a b', 'plain/path.ts'];
    expect(joinShellWords(argv)).toBe(`rg -n 'it'\\''s here' 'a b' plain/path.ts`);
    expect(shellWords(joinShellWords(argv))?.map((token) => token.text)).toEqual(argv);
  });
});
