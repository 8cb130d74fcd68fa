import { describe, expect, it } from 'vitest';
import { cardMarkdown } from './card-markdown';
import { fencedBlock, inlineCode, quoted } from './fences';

describe('cards as GitHub-flavoured Markdown', () => {
  it('a read: a `path:A-B` heading and a fenced block in its language', () => {
    const md = cardMarkdown({ card: 'read', title: 'Read src/a.ts', path: 'src/a.ts', offset: 3, totalLines: 9, lang: 'typescript', lines: [{ number: 3, text: 'const a = 1;' }, { number: 4, text: 'export { a };' }] }, 'Read src/a.ts');
    expect(md).toBe('#### `src/a.ts:3-4`\n\n```typescript\nconst a = 1;\nexport { a };\n```\n');
  });

  it('a grep: per-file lists of `line: text`', () => {
    const md = cardMarkdown(
      { card: 'search', shape: 'matches', truncated: true, total: 9, files: [{ path: 'a.ts', matches: [{ lineNumber: 2, line: 'x `y` z', ranges: [[2, 5]] }] }, { path: 'b.ts', matches: [{ lineNumber: 7, line: 'TODO' }] }] },
      'Grep TODO',
    );
    expect(md).toBe('#### Grep TODO\n\n- `a.ts`\n  - 2: ``x `y` z``\n- `b.ts`\n  - 7: `TODO`\n\n_9 in all; the rest was not kept._\n');
  });

  it('a glob: a list of paths', () => {
    expect(cardMarkdown({ card: 'search', shape: 'paths', truncated: false, total: 2, paths: ['a.ts', 'b/c.ts'] }, 'Glob **/*.ts')).toBe('#### Glob **/*.ts\n\n- `a.ts`\n- `b/c.ts`\n');
  });

  it('a terminal: ```console with the command, colours dropped, and how it ended', () => {
    const md = cardMarkdown({ card: 'terminal', command: 'npm test', exitCode: 1, output: '\u001b[31mFAIL\u001b[0m a.test.ts\n', stderr: 'npm ERR!', truncated: false }, 'Run npm test');
    expect(md).toBe('#### Run npm test\n\n```console\n$ npm test\nFAIL a.test.ts\nnpm ERR!\n```\n_exit 1_\n');
  });

  it('a diff: ```diff with its file header and hunks', () => {
    const md = cardMarkdown({ card: 'diff', title: 'Edit a.ts', files: [{ path: 'a.ts', status: 'modified', hunks: [{ oldStart: 1, oldLines: 1, newStart: 1, newLines: 1, lines: ['-a', '+b'] }] }] }, undefined);
    expect(md).toBe('#### Edit a.ts\n\n```diff\n--- a/a.ts\n+++ b/a.ts\n@@ -1,1 +1,1 @@\n-a\n+b\n```\n');
  });

  it('a plan: a task list', () => {
    const md = cardMarkdown({ card: 'plan', items: [{ text: 'Write tests', status: 'completed' }, { text: 'Ship <it>', status: 'in_progress' }, { text: 'Tell', status: 'pending' }] }, 'Update plan');
    expect(md).toBe('#### Update plan\n\n- [x] Write tests\n- [ ] Ship &lt;it&gt; _(in progress)_\n- [ ] Tell\n');
  });

  it('a generic card: its title and its text fenced', () => {
    expect(cardMarkdown({ card: 'generic', title: 'WebFetch', content: 'hello' }, 'x')).toBe('#### WebFetch\n\n```text\nhello\n```\n');
  });
});

describe('fences and quotes', () => {
  it('a fence longer than any run of backticks in the content', () => {
    expect(fencedBlock('a\n```js\nb\n```', 'text')).toBe('````text\na\n```js\nb\n```\n````\n');
    expect(fencedBlock('`````', '')).toBe('``````\n`````\n``````\n');
  });

  it('inline code around backticks, padded when they touch its ends', () => {
    expect(inlineCode('plain')).toBe('`plain`');
    expect(inlineCode('`tick`')).toBe('`` `tick` ``');
  });

  it('every line of a prompt quoted', () => {
    expect(quoted('first\n\nthird')).toBe('> first\n>\n> third\n');
  });
});
