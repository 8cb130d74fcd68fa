#!/usr/bin/env node
// The `toolcards` command. Plain JS so it runs on bare Node: it registers tsx,
// then loads the TypeScript CLI.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/cli.ts');
process.exitCode = await main(process.argv.slice(2));
