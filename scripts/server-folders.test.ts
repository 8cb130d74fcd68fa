// The server's folder rules (docs/decisions/0019-server-folders.md), run for real: the repo's
// .dependency-cruiser.cjs on a small server tree written to a temp folder, which breaks each
// rule once (http/ and ws/ once each way) beside imports the rules allow.
import { copyFileSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ICruiseResult } from 'dependency-cruiser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cruiseJson } from './declared-dependencies';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CONFIG = '.dependency-cruiser.cjs';

/** A module importing `imports` (relative specifiers), exporting its own name. */
function moduleText(name: string, imports: string[]): string {
  const lines = imports.map((specifier, i) => `import * as m${i} from '${specifier}';`);
  return [...lines, `export const ${name} = [${imports.map((_, i) => `m${i}`).join(', ')}];`, ''].join('\n');
}

describe('the server folders, one way', () => {
  let root: string;
  let cruise: ICruiseResult;

  beforeAll(async () => {
    root = realpathSync(mkdtempSync(join(tmpdir(), 'toolcards-server-folders-')));
    copyFileSync(join(repoRoot, CONFIG), join(root, CONFIG));
    const write = (path: string, name: string, imports: string[] = []): void => {
      mkdirSync(dirname(join(root, 'packages/server/src', path)), { recursive: true });
      writeFileSync(join(root, 'packages/server/src', path), moduleText(name, imports));
    };
    // Allowed: the CLI starts index.ts, which joins http/ and ws/; both use runtime, runtime uses wire.
    write('cli/cli.ts', 'cli', ['../index']);
    write('cli/args.ts', 'args');
    write('wire/codes.ts', 'codes');
    write('runtime/registry.ts', 'registry', ['../wire/codes']);
    write('http/api.ts', 'api', ['../runtime/registry', '../wire/codes']);
    write('ws/hub.ts', 'hub', ['../runtime/registry', '../wire/codes', '../http/responses']);
    write('http/responses.ts', 'responses');
    // A test may import across folders.
    write('ws/hub.test.ts', 'hubTest', ['./hub', '../http/api', '../cli/args']);
    // Each of these breaks one rule.
    write('wire/frames.ts', 'frames', ['../runtime/registry']);
    write('http/server.ts', 'server', ['./api', '../ws/hub']);
    write('runtime/turns.ts', 'turns', ['../http/server']);
    write('file-views/lines.ts', 'lines', ['../index']);
    // export/ sits between the transports and runtime: http/ and cli/ use it, it uses runtime.
    write('export/document.ts', 'document', ['../runtime/registry']);
    write('http/export-route.ts', 'exportRoute', ['../export/document']);
    write('export/route.ts', 'route', ['../http/responses']);
    write('runtime/exporting.ts', 'exporting', ['../export/document']);
    // pins/ is a feature: below the transports.
    write('pins/pin-store.ts', 'pinStore', ['../wire/codes', '../http/responses']);
    write('index.ts', 'index', ['./http/server', './ws/hub', './cli/args']);
    cruise = await cruiseJson(root, ['--config', CONFIG, 'packages']);
  }, 120_000);

  afterAll(() => {
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('names each import that runs back up, and only those', () => {
    const violations = cruise.summary.violations.map((violation) => `${violation.rule.name}: ${violation.from} → ${violation.to}`);
    const src = 'packages/server/src';
    expect(violations.sort()).toEqual(
      [
        `server-wire-imports-no-server-folder: ${src}/wire/frames.ts → ${src}/runtime/registry.ts`,
        `server-http-and-ws-apart: ${src}/http/server.ts → ${src}/ws/hub.ts`,
        `server-http-and-ws-apart: ${src}/ws/hub.ts → ${src}/http/responses.ts`,
        `server-runtime-below-the-transports: ${src}/runtime/turns.ts → ${src}/http/server.ts`,
        `server-runtime-below-the-transports: ${src}/file-views/lines.ts → ${src}/index.ts`,
        `server-runtime-below-the-transports: ${src}/export/route.ts → ${src}/http/responses.ts`,
        `server-runtime-below-the-transports: ${src}/pins/pin-store.ts → ${src}/http/responses.ts`,
        `server-export-above-runtime: ${src}/runtime/exporting.ts → ${src}/export/document.ts`,
        `server-nothing-imports-the-cli: ${src}/index.ts → ${src}/cli/args.ts`,
      ].sort(),
    );
  });
});
