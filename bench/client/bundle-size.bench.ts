import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Manifest, type Rollup } from 'vite';
import type { BenchDefinition } from '../bench-context';
import { exactFigure, type Figure } from '../figures';
import { GRAMMAR_LOADERS } from '../../apps/web/src/highlight/grammar-loaders';

/** A grammar chunk: `assets/<language>-<hash>.js`. */
const GRAMMAR_FILE = /^assets\/([a-z]+)-[A-Za-z0-9_-]{8}\.js$/;

export const bundleSizeBench: BenchDefinition = {
  name: 'bundle',
  about: 'the production build (root vite.config.ts, into a temp folder): initial JS gzip and each lazily loaded grammar chunk',
  async run(context) {
    const outDir = path.join(context.scratch, 'production-build');
    const output = await build({
      configFile: path.join(context.repoRoot, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true, manifest: true },
    });
    const manifest = JSON.parse(await readFile(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
    const gzip = async (file: string) => gzipSync(await readFile(path.join(outDir, file)), { level: 9 }).length / 1000;
    const raw = async (file: string) => (await readFile(path.join(outDir, file))).length / 1000;

    // What index.html loads before anything is lazy: the entry and its static imports.
    const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
    const initialFiles = staticClosure(manifest, entryKey);
    let initialGzip = 0;
    let initialRaw = 0;
    for (const file of initialFiles) {
      initialGzip += await gzip(file);
      initialRaw += await raw(file);
    }
    const cssGzip = (await Promise.all((manifest[entryKey]!.css ?? []).map(gzip))).reduce((sum, size) => sum + size, 0);
    // The parts fetched with the page (index.html's modulepreload hints beyond the initial files):
    // fetched beside the entry, not waited for by the first paint; a session's frames wait for the cards.
    const indexHtml = await readFile(path.join(outDir, 'index.html'), 'utf8');
    const withPageFiles = [...indexHtml.matchAll(/<link rel="modulepreload"[^>]*href="\/([^"]+)"/g)].map((match) => match[1]!).filter((file) => !initialFiles.includes(file));
    let withPageGzip = 0;
    for (const file of withPageFiles) withPageGzip += await gzip(file);

    // The grammars as the highlight worker loads them: the worker's dynamic imports (the manifest
    // lists only the main-thread fallback's copies). A chunk's static imports count, except the
    // worker itself, which is loaded already.
    const assets = (await readdir(path.join(outDir, 'assets'))).map((name) => `assets/${name}`);
    const workerFile = assets.find((file) => /highlight\.worker-[^/]+\.js$/.test(file));
    const chunkRows: { lang: string; plain: boolean; gzip: number; withImports: number }[] = [];
    if (workerFile) {
      const workerCode = await readFile(path.join(outDir, workerFile), 'utf8');
      for (const file of relativeImports(workerCode, 'dynamic')) {
        const lang = GRAMMAR_FILE.exec(file)?.[1];
        if (!lang) continue;
        let withImports = 0;
        for (const member of await importClosure(outDir, file, new Set([workerFile]))) withImports += await gzip(member);
        // A plain grammar is a JSON string Shiki parses; a precompiled one is code with regex literals.
        const plain = (await readFile(path.join(outDir, file), 'utf8')).includes('JSON.parse(');
        chunkRows.push({ lang, plain, gzip: await gzip(file), withImports });
      }
    }
    // Per language, what the worker loads: the precompiled grammar, and the plain one too where
    // the precompiled one lost back-referencing patterns (grammar-loaders.ts).
    const grammarRows = [...new Set(chunkRows.map((row) => row.lang))].map((lang) => {
      const precompiled = chunkRows.find((row) => row.lang === lang && !row.plain);
      const plain = chunkRows.find((row) => row.lang === lang && row.plain);
      const loadsPlain = !precompiled || GRAMMAR_LOADERS.get(lang)?.backReferences === true;
      const loaded = (precompiled?.withImports ?? 0) + (loadsPlain ? (plain?.withImports ?? 0) : 0);
      return { lang, precompiled, plain, loaded };
    });
    grammarRows.sort((a, b) => b.loaded - a.loaded);

    const figures: Figure[] = [
      exactFigure('bundle.initial-js', 'initial JS transferred (gzip): entry + static imports', 'kB', initialGzip, { op: '≤', value: 150 }),
      exactFigure('bundle.initial-js-raw', 'initial JS, uncompressed', 'kB', initialRaw),
      exactFigure('bundle.with-page-js', `fetched with the page beside it (gzip): ${withPageFiles.length} chunks of the cards, outline and strip, hinted in index.html`, 'kB', withPageGzip),
    ];
    if (workerFile) figures.push(exactFigure('bundle.highlight-worker', 'highlight worker (Shiki core + engine), gzip, lazy', 'kB', await gzip(workerFile)));
    const largest = grammarRows[0];
    if (largest) figures.push(exactFigure('bundle.largest-grammar', `largest lazy grammar load (${largest.lang}, chunks with their imports), gzip`, 'kB', largest.loaded));
    const typescript = grammarRows.find((row) => row.lang === 'typescript');
    if (typescript) figures.push(exactFigure('bundle.typescript-grammar', 'typescript grammar load (precompiled + plain for its back-references), gzip', 'kB', typescript.loaded));

    return {
      figures,
      details: [
        `Initial files: ${initialFiles.map((file) => `\`${file}\``).join(', ')}; CSS ${cssGzip.toFixed(1)} kB gzip besides. kB = 1,000 bytes, gzip level 9.`,
        '',
        '**Largest modules of the entry chunk** (rendered size before minification, so only their order is meaningful):',
        '',
        ...entryModules(output, manifest[entryKey]!.file),
        '',
        '**Lazily loaded grammar chunks** (as the highlight worker loads them; gzip kB, with the chunks each imports; "loaded" is what',
        'a first card in the language fetches: the precompiled grammar, plus the plain one where it has back-referencing patterns):',
        '',
        '| Grammar | Precompiled | Plain | Loaded |',
        '|---|---|---|---|',
        ...grammarRows.map(
          (row) => `| ${row.lang} | ${row.precompiled?.withImports.toFixed(1) ?? '—'} | ${row.plain?.withImports.toFixed(1) ?? '—'} | ${row.loaded.toFixed(1)} |`,
        ),
      ],
    };
  },
};

/** `key`'s file and, recursively, the files of its static imports. */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  const chunk = manifest[key]!;
  if (seen.has(chunk.file)) return [];
  seen.add(chunk.file);
  return [chunk.file, ...(chunk.imports ?? []).flatMap((imported) => staticClosure(manifest, imported, seen))];
}

/** A chunk and, recursively, the chunks it imports statically, read from the code; `seen` ones are skipped. */
async function importClosure(outDir: string, file: string, seen = new Set<string>()): Promise<string[]> {
  if (seen.has(file)) return [];
  seen.add(file);
  const imports = relativeImports(await readFile(path.join(outDir, file), 'utf8'), 'static');
  const nested = await Promise.all(imports.map((imported) => importClosure(outDir, imported, seen)));
  return [file, ...nested.flat()];
}

/** `assets/x.js` for each `from "./x.js"` (static) or `import("./x.js")` (dynamic) in minified code. */
function relativeImports(code: string, kind: 'static' | 'dynamic'): string[] {
  const pattern = kind === 'static' ? /\bfrom\s*["'`]\.\/([^"'`]+\.js)["'`]/g : /\bimport\(\s*["'`]\.\/([^"'`]+\.js)["'`]\s*\)/g;
  return [...new Set([...code.matchAll(pattern)].map((match) => `assets/${match[1]}`))];
}

function entryModules(output: Awaited<ReturnType<typeof build>>, entryFile: string): string[] {
  const outputs = (Array.isArray(output) ? output : [output]) as Rollup.RollupOutput[];
  const chunk = outputs
    .flatMap((result) => ('output' in result ? result.output : []))
    .find((item): item is Rollup.OutputChunk => item.type === 'chunk' && item.fileName === entryFile);
  if (!chunk) return ['(not available)'];
  const byPackage = new Map<string, number>();
  for (const [id, module] of Object.entries(chunk.modules)) {
    byPackage.set(packageOf(id), (byPackage.get(packageOf(id)) ?? 0) + module.renderedLength);
  }
  const total = [...byPackage.values()].reduce((sum, size) => sum + size, 0);
  return [...byPackage.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 12)
    .map(([name, size]) => `- ${name}: ${(size / 1000).toFixed(0)} kB (${((size / total) * 100).toFixed(0)} %)`);
}

/** `react-dom`, `@tanstack/virtual-core`, or the app folder for our own code. */
function packageOf(id: string): string {
  const inModules = id.lastIndexOf('node_modules/');
  if (inModules === -1) {
    const match = /(apps\/web\/src\/[^/]+|packages\/[^/]+)/.exec(id);
    return match ? match[1]! : id;
  }
  const parts = id.slice(inModules + 'node_modules/'.length).split('/');
  return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
}
