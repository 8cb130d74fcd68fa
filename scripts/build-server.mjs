#!/usr/bin/env node
// The server and CLI as plain JavaScript (docs/decisions/0010-built-package.md): the CLI
// entry and every workspace package it imports bundled by esbuild into dist/cli.mjs and
// dist/chunks/ (ESM, Node 20, source maps without the sources). What the CLI loads only
// for one command (the server, the model driver) is a chunk of its own, loaded by that
// command. The packages it needs at run time stay imports, installed beside the package:
// exactly the root package.json's `dependencies`; BUNDLED_PACKAGES are bundled instead.
// Whitespace and syntax are minified (names are kept, so a stack trace still reads): Node
// compiles every byte of a module it loads, at every start.
import { readFileSync, rmSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

export const SERVER_ENTRY = 'packages/server/src/cli/cli.ts';
/** The bundle's entry: what bin/toolcards.mjs and `npm start` import. */
export const SERVER_BUNDLE = 'dist/cli.mjs';

/**
 * Packages bundled into the CLI (dev dependencies of the root, so not installed beside it).
 * zod is ~130 ES modules that Node resolves and compiles one by one at every start (about
 * 70 ms of CPU in each `toolcards tool` run); bundled it is one chunk, without the 48
 * locale modules `z.locales` re-exports: nothing here calls `z.config(z.locales.…())`,
 * and zod's English messages, its default, come from a module of their own.
 */
export const BUNDLED_PACKAGES = [
  'zod',
  // The export's secret rules (decision 0022) and what they import: bundled into the export's
  // own chunk (loaded by `toolcards export` and the export routes only), none installed beside.
  '@secretlint/core',
  '@secretlint/profiler',
  '@secretlint/secretlint-rule-preset-recommend',
  'structured-source',
  'boundary',
];

/** `export * as locales from "../locales/index.js"` in zod's own modules reads an empty module. */
const zodWithoutLocales = {
  name: 'zod-without-locales',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]node_modules[\\/]zod[\\/]/.test(args.importer) ? { path: 'zod-locales', namespace: 'zod-without-locales' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'zod-without-locales' }, () => ({ contents: 'export {};', loader: 'js' }));
  },
};

/**
 * secretlint's core logs through `debug` (a CommonJS package that requires `tty`, which an ES
 * bundle cannot): the export never turns its logging on, so it gets a logger that does nothing.
 */
const secretlintWithoutDebug = {
  name: 'secretlint-without-debug',
  setup(build) {
    build.onResolve({ filter: /^debug$/ }, (args) =>
      /[\\/]node_modules[\\/]@secretlint[\\/]/.test(args.importer) ? { path: 'debug', namespace: 'secretlint-without-debug' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'secretlint-without-debug' }, () => ({
      contents: 'const off = () => off; off.enabled = false; off.extend = () => off; export default () => off;',
      loader: 'js',
    }));
  },
};

/** The bundle's external packages: the root package.json's `dependencies`. */
export function runtimeDependencies(root = repoRoot) {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  return Object.keys(manifest.dependencies ?? {});
}

/**
 * Builds dist/cli.mjs (and its chunks and maps), replacing the previous build's files;
 * dist/client (the Vite build) is left alone. Throws when the bundle would contain code
 * from node_modules: a package the server imports must be in the root `dependencies`.
 */
export async function buildServer(root = repoRoot) {
  const { build } = await import('esbuild');
  const outdir = join(root, 'dist');
  for (const old of ['cli.mjs', 'cli.mjs.map', 'chunks']) rmSync(join(outdir, old), { recursive: true, force: true });
  const external = runtimeDependencies(root).filter((name) => !BUNDLED_PACKAGES.includes(name));
  const result = await build({
    absWorkingDir: root,
    entryPoints: { cli: SERVER_ENTRY },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    // An external package's subpaths (openai/resources/…) are external too.
    external: external.flatMap((name) => [name, `${name}/*`]),
    sourcemap: true,
    sourcesContent: false,
    metafile: true,
    legalComments: 'none',
    logLevel: 'warning',
    minifyWhitespace: true,
    minifySyntax: true,
    plugins: [zodWithoutLocales, secretlintWithoutDebug],
  });
  const bundledOnPurpose = BUNDLED_PACKAGES.map((name) => `node_modules/${name}/`);
  const bundled = Object.keys(result.metafile.inputs).filter(
    (input) => input.includes('node_modules/') && !bundledOnPurpose.some((folder) => input.includes(folder)),
  );
  if (bundled.length > 0) {
    throw new Error(
      `the server bundle would contain code from node_modules (${bundled.slice(0, 5).join(', ')}): ` +
        `add the package to the root package.json's dependencies (same version as the workspace package declares), or to BUNDLED_PACKAGES.`,
    );
  }
  return {
    files: Object.keys(result.metafile.outputs).map((output) => relative(root, join(root, output))),
    bytes: Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { files, bytes } = await buildServer();
  const code = files.filter((file) => file.endsWith('.mjs'));
  process.stdout.write(`built ${SERVER_BUNDLE} and ${code.length - 1} chunks (${(bytes / 1000).toFixed(0)} kB with source maps)\n`);
}
