import type { Plugin } from 'vite';

/** `fetchedWithPage(import('…'), …)`: the part's chunk, fetched as the page starts (apps/web/src/ui/fetched-with-page.ts). */
const FETCHED_WITH_PAGE = /fetchedWithPage\(\s*import\(\s*(['"])([^'"]+)\1\s*\)/g;

/** The specifiers a module fetches with the page. */
export function fetchedWithPageImports(code: string): string[] {
  return [...code.matchAll(FETCHED_WITH_PAGE)].map((match) => match[2]!);
}

/** What the plugin reads of the bundle: each JS chunk's file, the module it stands for, what it imports. */
export interface BundledChunk {
  fileName: string;
  facadeModuleId: string | null;
  imports: readonly string[];
  isEntry: boolean;
}

/**
 * The files to hint in index.html: the chunks of the parts fetched with the page and what they
 * import, without the entry and its static imports (the page's own script tags load those).
 */
export function chunksToPreload(chunks: readonly BundledChunk[], fetched: ReadonlySet<string>): string[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (roots: readonly string[]): string[] => {
    const files = [...roots];
    for (const file of files) for (const imported of byFile.get(file)?.imports ?? []) if (!files.includes(imported)) files.push(imported);
    return files;
  };
  const loadedAnyway = new Set(closure(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName)));
  const parts = chunks.filter((chunk) => chunk.facadeModuleId !== null && fetched.has(chunk.facadeModuleId)).map((chunk) => chunk.fileName);
  return closure(parts).filter((file) => !loadedAnyway.has(file));
}

/**
 * `<link rel="modulepreload">` in index.html for the chunks fetched with the page. Without it
 * their requests start only when the entry's code reaches the `import()` (≈ 270 ms after the
 * entry came, under load), and a session's first frames wait for them (decision 0023).
 */
export function preloadFetchedWithPage(): Plugin {
  const fetched = new Set<string>();
  return {
    name: 'toolcards:preload-fetched-with-page',
    apply: 'build',
    async transform(code, id) {
      // Only the app's own modules call fetchedWithPage.
      if (id.includes('/node_modules/')) return null;
      for (const specifier of fetchedWithPageImports(code)) {
        const resolved = await this.resolve(specifier, id);
        if (resolved) fetched.add(resolved.id);
      }
      return null;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const chunks = Object.values(context.bundle ?? {}).flatMap((output) =>
          output.type === 'chunk' ? [{ fileName: output.fileName, facadeModuleId: output.facadeModuleId, imports: output.imports, isEntry: output.isEntry }] : [],
        );
        return chunksToPreload(chunks, fetched).map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: '', href: `/${file}` }, injectTo: 'head' as const }));
      },
    },
  };
}
