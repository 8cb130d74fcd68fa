import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CLIENT_DIR, SERVER_VERSION } from '../index';
import { findPackageRoot, PACKAGE_ROOT } from './package-root';
import { useServers } from '../test-support/server-harness';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');

describe('the toolcards package root', () => {
  const servers = useServers();

  it('is the checkout when the server runs from source: its dist/client and its version', async () => {
    expect(PACKAGE_ROOT?.dir).toBe(repoRoot);
    expect(DEFAULT_CLIENT_DIR).toBe(join(repoRoot, 'dist/client'));
    const { version } = JSON.parse(await readFile(join(repoRoot, 'package.json'), 'utf8')) as { version: string };
    expect(SERVER_VERSION).toBe(version);
  });

  it('is the installed package when the server runs bundled: up from dist/ or dist/chunks/, past other package.json files', async () => {
    const installed = join(await servers.tempDir(), 'lib/node_modules/toolcards');
    await mkdir(join(installed, 'dist/chunks'), { recursive: true });
    await writeFile(join(installed, 'package.json'), JSON.stringify({ name: 'toolcards', version: '9.8.7' }));
    // A package.json that is not ours (a dependency's, say) is passed by.
    await writeFile(join(installed, 'dist/package.json'), JSON.stringify({ name: 'something-else', version: '1.0.0' }));
    expect(findPackageRoot(join(installed, 'dist/chunks'))).toEqual({ dir: installed, version: '9.8.7' });
    expect(findPackageRoot(join(installed, 'dist'))).toEqual({ dir: installed, version: '9.8.7' });
  });

  it('is undefined when no folder above is the toolcards package', async () => {
    const elsewhere = join(await servers.tempDir(), 'copied/dist');
    await mkdir(elsewhere, { recursive: true });
    expect(findPackageRoot(elsewhere)).toBeUndefined();
  });
});
