import { describe, expect, it } from 'vitest';
import { chunksToPreload, fetchedWithPageImports } from '../vite.preload-fetched-with-page';

describe('the chunks index.html hints (fetched with the page)', () => {
  it('finds every part a module fetches with the page, and no other import', () => {
    const code = [
      "const read = fetchedWithPage(import('./read/read-card'), (module) => module.ReadCard);",
      'const diff = fetchedWithPage(\n  import("./diff/diff-card"),\n  (module) => module.DiffCard,\n);',
      "const help = lazy(() => import('./composer-help'));",
    ].join('\n');
    expect(fetchedWithPageImports(code)).toEqual(['./read/read-card', './diff/diff-card']);
  });

  it('hints the parts and what they import, never the entry or what it loads anyway, nor a lazy part', () => {
    const chunks = [
      { fileName: 'assets/index.js', facadeModuleId: '/src/main.tsx', imports: ['assets/runtime.js'], isEntry: true },
      { fileName: 'assets/runtime.js', facadeModuleId: null, imports: [], isEntry: false },
      { fileName: 'assets/read-card.js', facadeModuleId: '/src/cards/read/read-card.tsx', imports: ['assets/index.js', 'assets/code-columns.js'], isEntry: false },
      { fileName: 'assets/diff-card.js', facadeModuleId: '/src/cards/diff/diff-card.tsx', imports: ['assets/code-columns.js', 'assets/word-changes.js'], isEntry: false },
      { fileName: 'assets/code-columns.js', facadeModuleId: null, imports: ['assets/runtime.js'], isEntry: false },
      { fileName: 'assets/word-changes.js', facadeModuleId: null, imports: [], isEntry: false },
      { fileName: 'assets/composer-help.js', facadeModuleId: '/src/composer/composer-help.tsx', imports: [], isEntry: false },
    ];
    const fetched = new Set(['/src/cards/read/read-card.tsx', '/src/cards/diff/diff-card.tsx']);
    expect(chunksToPreload(chunks, fetched)).toEqual(['assets/read-card.js', 'assets/diff-card.js', 'assets/code-columns.js', 'assets/word-changes.js']);
  });
});
