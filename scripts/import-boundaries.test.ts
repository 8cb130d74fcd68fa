// The import-boundary check (npm run lint:imports) and the declared-dependencies check, run
// for real: on this repo, and on a small workspace on disk that breaks every rule once.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ICruiseResult, IViolation } from 'dependency-cruiser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cruiseJson,
  describeMismatch,
  describeRootMismatch,
  findDependencyMismatches,
  findRootDependencyMismatches,
  productFileMatcher,
  runDepcruise,
  runtimePackagesOf,
} from './declared-dependencies';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** The server bundle's entry, as scripts/build-server.mjs builds it. */
const { SERVER_ENTRY, BUNDLED_PACKAGES } = (await import(new URL('./build-server.mjs', import.meta.url).href)) as {
  SERVER_ENTRY: string;
  BUNDLED_PACKAGES: readonly string[];
};
const CONFIG = '.dependency-cruiser.cjs';
const SLOW = 120_000;

const violationText = (violation: IViolation): string => `${violation.rule.name}: ${violation.from} → ${violation.to}`;

describe('this repo', () => {
  let cruise: ICruiseResult;

  beforeAll(async () => {
    // Exactly the arguments `npm run lint:imports` passes.
    const script = (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts['lint:imports'];
    const [command, ...args] = (script ?? '').split(/\s+/).map((arg) => arg.replace(/^["']|["']$/g, ''));
    expect(command).toBe('depcruise');
    cruise = await cruiseJson(repoRoot, args);
  }, SLOW);

  it('keeps every import boundary', () => {
    expect(cruise.summary.violations.map(violationText)).toEqual([]);
    // The cruise saw the whole tree, not an empty folder list.
    const sources = cruise.modules.map((module) => module.source);
    for (const folder of ['packages/protocol/src/', 'packages/server/bin/', 'apps/web/src/', 'e2e/', 'bench/', 'scripts/']) {
      expect(sources.some((source) => source.startsWith(folder)), folder).toBe(true);
    }
  });

  it('declares in each package.json exactly the packages its shipped code imports', () => {
    const mismatches = findDependencyMismatches(repoRoot, cruise, productFileMatcher(join(repoRoot, CONFIG)));
    expect(mismatches.map(describeMismatch)).toEqual([]);
  });

  it('declares in the root package.json exactly what the server bundle imports at run time, at the workspace versions', () => {
    expect(findRootDependencyMismatches(repoRoot, cruise, SERVER_ENTRY, BUNDLED_PACKAGES).map(describeRootMismatch)).toEqual([]);
    // What the installed package needs, and nothing of the client or the tooling.
    expect([...runtimePackagesOf(cruise, SERVER_ENTRY).keys()].sort()).toEqual(['@secretlint/core', '@secretlint/secretlint-rule-preset-recommend', '@vscode/ripgrep', 'openai', 'ws', 'zod']);
  });
});

describe('a workspace that breaks the rules', () => {
  let root: string;
  let cruise: ICruiseResult;
  let cli: { exitCode: number; stdout: string };

  const write = (path: string, text: string): void => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  const manifest = (name: string, dependencies: Record<string, string> = {}): string =>
    JSON.stringify({ name, version: '0.1.0', private: true, type: 'module', exports: { '.': './src/index.ts' }, dependencies });

  beforeAll(async () => {
    root = realpathSync(mkdtempSync(join(tmpdir(), 'toolcards-import-boundaries-')));
    copyFileSync(join(repoRoot, CONFIG), join(root, CONFIG));
    const workspaces = { protocol: 'packages/protocol', tools: 'packages/tools', session: 'packages/session', server: 'packages/server', web: 'apps/web' };
    // The root's dependencies: ver-pkg at another version than the server's, unused-pkg unused, test-only-pkg missing.
    write(
      'package.json',
      JSON.stringify({
        name: 'fixture',
        private: true,
        workspaces: Object.values(workspaces),
        dependencies: { 'ver-pkg': '2.0.0', 'unused-pkg': '1.0.0' },
        devDependencies: { 'test-only-pkg': '1.0.0' },
      }),
    );
    mkdirSync(join(root, 'node_modules/@toolcards'), { recursive: true });
    for (const [name, folder] of Object.entries(workspaces)) symlinkSync(join(root, folder), join(root, 'node_modules/@toolcards', name));
    for (const name of ['left-pad', 'unused-pkg', 'test-only-pkg', 'ver-pkg']) {
      write(`node_modules/${name}/package.json`, JSON.stringify({ name, version: '1.0.0', main: 'index.js' }));
      write(`node_modules/${name}/index.js`, 'module.exports = 1;\n');
    }
    write('node_modules/@types/fake-types/package.json', JSON.stringify({ name: '@types/fake-types', version: '1.0.0', types: 'index.d.ts' }));
    write('node_modules/@types/fake-types/index.d.ts', 'export type Fake = string;\n');

    write('packages/protocol/package.json', manifest('@toolcards/protocol'));
    write('packages/protocol/src/index.ts', 'export const wire = 1;\n');
    write('packages/protocol/src/reach-up.ts', "import { tool } from '@toolcards/tools';\nexport const up = tool;\n");

    write('packages/session/package.json', manifest('@toolcards/session', { '@toolcards/protocol': '0.1.0' }));
    write('packages/session/src/index.ts', "import { wire } from '@toolcards/protocol';\nexport const session = wire;\n");

    // Declares unused-pkg, imports left-pad undeclared; a type-only import is declared by its @types package.
    write('packages/tools/package.json', manifest('@toolcards/tools', { '@toolcards/protocol': '0.1.0', '@types/fake-types': '1.0.0', 'unused-pkg': '1.0.0' }));
    write(
      'packages/tools/src/index.ts',
      [
        "import type { Fake } from 'fake-types';",
        "import pad from 'left-pad';",
        "import { wire } from '@toolcards/protocol';",
        "import { helper } from './test-support/helper';",
        'export const tool: Fake | number = wire + helper + pad;',
        '',
      ].join('\n'),
    );
    write('packages/tools/src/session-bridge.ts', "import { session } from '@toolcards/session';\nexport const bridge = session;\n");
    write('packages/tools/src/test-support/helper.ts', 'export const helper = 1;\n');
    // Tests may use test support, root devDependencies and the server.
    write(
      'packages/tools/src/index.test.ts',
      "import only from 'test-only-pkg';\nimport { helper } from './test-support/helper';\nimport { server } from '@toolcards/server';\nexport const t = [only, helper, server];\n",
    );

    // Declares @toolcards/tools and never imports it.
    write('packages/server/package.json', manifest('@toolcards/server', { '@toolcards/protocol': '0.1.0', '@toolcards/tools': '0.1.0', 'ver-pkg': '1.0.0' }));
    write('packages/server/src/index.ts', "import { wire } from '@toolcards/protocol';\nexport const server = wire;\n");
    // The bundle's entry: loads ver-pkg and (undeclared anywhere but the root's devDependencies) test-only-pkg at run time.
    write(
      'packages/server/src/cli.ts',
      "import { server } from './index';\nexport const main = async (): Promise<unknown[]> => [server, await import('ver-pkg'), await import('test-only-pkg')];\n",
    );

    write('apps/web/package.json', JSON.stringify({ name: '@toolcards/web', private: true, dependencies: { '@toolcards/protocol': '0.1.0' } }));
    write(
      'apps/web/src/app.ts',
      [
        "import { wire } from '@toolcards/protocol';",
        "import { server } from '@toolcards/server';",
        "import { tool } from '../../../packages/tools/src/index';",
        'export const app = [wire, server, tool];',
        '',
      ].join('\n'),
    );
    // A web test may use another package's test support, and nothing else of it.
    write('apps/web/src/app.test.ts', "import { helper } from '../../../packages/tools/src/test-support/helper';\nexport const t = helper;\n");
    // Web folders: net, model and ui import no other web folder, store imports net and model
    // only; each of the four reaches up once here. A feature imports all of them (allowed), and
    // so may a test inside net.
    write('apps/web/src/timeline/row-view.ts', 'export const rowView = 1;\n');
    write('apps/web/src/net/socket.ts', "import { state } from '../store/state';\nexport const socket = state;\n");
    write('apps/web/src/net/socket.test.ts', "import { state } from '../store/state';\nimport { socket } from './socket';\nexport const t = [state, socket];\n");
    write('apps/web/src/model/rows.ts', "import { rowView } from '../timeline/row-view';\nexport const rows = rowView;\n");
    write('apps/web/src/ui/toggles.ts', "import { rows } from '../model/rows';\nexport const toggles = rows;\n");
    write('apps/web/src/store/state.ts', "import { rowView } from '../timeline/row-view';\nexport const state = rowView;\n");
    write(
      'apps/web/src/app/shell.ts',
      "import { socket } from '../net/socket';\nimport { rows } from '../model/rows';\nimport { toggles } from '../ui/toggles';\nimport { state } from '../store/state';\nexport const shell = [socket, rows, toggles, state];\n",
    );

    // The exported file's page (export-viewer/) has no server: it reaches for the store once, and
    // the app reaches into it once.
    write('apps/web/src/export-viewer/page.ts', "import { state } from '../store/state';\nimport { rowView } from '../timeline/row-view';\nexport const page = [state, rowView];\n");
    write('apps/web/src/app/opens-viewer.ts', "import { page } from '../export-viewer/page';\nexport const opens = page;\n");

    const args = ['--config', CONFIG, 'packages', 'apps/web/src'];
    [cruise, cli] = await Promise.all([cruiseJson(root, args), runDepcruise(root, [...args, '--output-type', 'err-long'])]);
  }, SLOW);

  afterAll(() => {
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('fails the import-boundary check, naming each rule broken (the web folders\' one-way rules too)', () => {
    expect(cruise.summary.violations.map(violationText).sort()).toEqual(
      [
        'web-imports-only-protocol: apps/web/src/app.ts → packages/server/src/index.ts',
        'web-imports-only-protocol: apps/web/src/app.ts → packages/tools/src/index.ts',
        'only-server-tests-and-tooling-import-server: apps/web/src/app.ts → packages/server/src/index.ts',
        'no-deep-import-into-another-package: apps/web/src/app.ts → packages/tools/src/index.ts',
        'protocol-imports-no-workspace-package: packages/protocol/src/reach-up.ts → packages/tools/src/index.ts',
        'tools-does-not-import-session: packages/tools/src/session-bridge.ts → packages/session/src/index.ts',
        'product-does-not-import-test-support: packages/tools/src/index.ts → packages/tools/src/test-support/helper.ts',
        'no-non-package-json: packages/tools/src/index.ts → node_modules/left-pad/index.js',
        'web-net-imports-no-web-folder: apps/web/src/net/socket.ts → apps/web/src/store/state.ts',
        'web-model-imports-no-web-folder: apps/web/src/model/rows.ts → apps/web/src/timeline/row-view.ts',
        'web-ui-imports-no-web-folder: apps/web/src/ui/toggles.ts → apps/web/src/model/rows.ts',
        'web-store-imports-net-and-model-only: apps/web/src/store/state.ts → apps/web/src/timeline/row-view.ts',
        'web-export-viewer-has-no-server: apps/web/src/export-viewer/page.ts → apps/web/src/store/state.ts',
        'web-nothing-imports-the-export-viewer: apps/web/src/app/opens-viewer.ts → apps/web/src/export-viewer/page.ts',
      ].sort(),
    );
  });

  it('makes the CLI, as npm run lint:imports runs it, exit non-zero and say which rule', () => {
    expect(cli.exitCode).toBe(14);
    expect(cli.stdout).toContain('error web-imports-only-protocol: apps/web/src/app.ts → packages/server/src/index.ts\n    The web app runs in the browser');
    expect(cli.stdout).toContain('error web-store-imports-net-and-model-only: apps/web/src/store/state.ts → apps/web/src/timeline/row-view.ts\n    store/ is the client');
    expect(cli.stdout).toContain('x 14 dependency violations (14 errors, 0 warnings)');
  });

  it('fails the declared-dependencies check on an undeclared and an unused package', () => {
    const mismatches = findDependencyMismatches(root, cruise, productFileMatcher(join(root, CONFIG)));
    expect(mismatches.map(describeMismatch).sort()).toEqual(
      [
        'packages/tools/src/index.ts imports left-pad, which packages/tools/package.json does not declare in dependencies',
        'packages/tools/package.json declares unused-pkg, which its shipped code never imports',
        'packages/server/package.json declares @toolcards/tools, which its shipped code never imports',
        'packages/server/src/cli.ts imports test-only-pkg, which packages/server/package.json does not declare in dependencies',
        // The fixture's own bad imports, seen from the other side.
        'apps/web/src/app.ts imports @toolcards/server, which apps/web/package.json does not declare in dependencies',
        'packages/protocol/src/reach-up.ts imports @toolcards/tools, which packages/protocol/package.json does not declare in dependencies',
        'packages/tools/src/session-bridge.ts imports @toolcards/session, which packages/tools/package.json does not declare in dependencies',
      ].sort(),
    );
  });

  it("fails the root dependencies check on what the bundle imports undeclared, a version unlike the workspace's, and an unused one", () => {
    expect(findRootDependencyMismatches(root, cruise, 'packages/server/src/cli.ts').map(describeRootMismatch).sort()).toEqual(
      [
        'the server bundle imports test-only-pkg at run time (packages/server/src/cli.ts), which package.json does not declare in dependencies',
        'package.json declares ver-pkg 2.0.0, packages/server/package.json 1.0.0',
        'package.json declares unused-pkg in dependencies, which the server bundle never imports at run time',
      ].sort(),
    );
  });

  it('wants a package the build bundles among the dev dependencies, not the installed ones', () => {
    const bundled = findRootDependencyMismatches(root, cruise, 'packages/server/src/cli.ts', ['ver-pkg']).map(describeRootMismatch);
    expect(bundled).toContain('package.json declares ver-pkg in dependencies, which the server bundle bundles (BUNDLED_PACKAGES): it belongs in devDependencies');
    expect(bundled.filter((line) => line.startsWith('the server bundle imports ver-pkg'))).toHaveLength(1);
  });
});
