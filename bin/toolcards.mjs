#!/usr/bin/env node
// The `toolcards` command of the package: the built CLI (`npm run build` makes dist/cli.mjs;
// `npm pack` builds first). Plain JS on bare Node: no tsx, no TypeScript.
import module from 'node:module';

// Node 22+ keeps V8's compiled code across runs (in the OS temp folder); Node 20 has no such cache.
module.enableCompileCache?.();
const { main } = await import('../dist/cli.mjs');
process.exitCode = await main(process.argv.slice(2));
