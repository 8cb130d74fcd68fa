import { describe, expect, it } from 'vitest';
import { messageFences } from './message-fences';

describe('messageFences', () => {
  it('finds each top-level fence with a known language, its lines as the code fence card splits them', () => {
    const text = 'Now:\n\n```ts\nconst a = 1;\n\nexport { a };\n```\n\nand\n\n~~~bash\nls -la\n~~~\n\n```\nplain\n```\n\n```cobol\nMOVE A TO B.\n```\n';
    expect(messageFences(text)).toEqual([
      { lang: 'typescript', texts: ['const a = 1;', '', 'export { a };'] },
      { lang: 'shellscript', texts: ['ls -la'] },
    ]);
  });

  it('runs an unclosed fence to the end, and a longer run closes only with as long a one', () => {
    expect(messageFences('````md\n```ts\nx\n```\n````')).toEqual([{ lang: 'markdown', texts: ['```ts', 'x', '```'] }]);
    expect(messageFences('```py\nprint(1)\n')).toEqual([{ lang: 'python', texts: ['print(1)'] }]);
  });
});
