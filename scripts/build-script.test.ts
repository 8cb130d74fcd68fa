// `npm run build` (and so `npm pack`, whose prepack it is) prints nothing while it works, the
// way `npm start` builds: Vite's list of every asset and its size (224 lines) buried the pack
// summary. The build's output only matters when it fails, and then it is all there.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanEnv } from './packed-install';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const scratch = await mkdtemp(join(tmpdir(), 'toolcards-build-'));
afterAll(() => rm(scratch, { recursive: true, force: true }));

describe('npm run build', () => {
  it('builds the client without printing its assets', async () => {
    const manifest = JSON.parse(await readFile(join(repoRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    const [clientStep] = manifest.scripts.build!.split('&&').map((step) => step.trim());
    expect(clientStep).toMatch(/^vite build\b/);
    // The script's own client step, into a folder of its own (not the dist/ a running server may serve).
    const { stdout, stderr } = await promisify(execFile)('sh', ['-c', `${clientStep} --outDir "${scratch}/client" --emptyOutDir`], {
      cwd: repoRoot,
      env: cleanEnv({ PATH: `${join(repoRoot, 'node_modules/.bin')}${delimiter}${process.env.PATH ?? ''}` }),
    });
    expect((await stat(join(scratch, 'client/index.html'))).isFile()).toBe(true);
    const printed = `${stdout}${stderr}`;
    // A warning may still speak (it is worth reading); the asset list and the banner may not.
    expect(printed.split('\n').filter((line) => /\bkB\b|modules transformed|built in/.test(line))).toEqual([]);
  }, 180_000);
});
