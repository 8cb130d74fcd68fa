import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchTarget } from './search-target';
import { buildFixtureWorkspace, type FixtureWorkspace } from './test-support/fixture-workspace';
import { createWorkspace } from './workspace';

let fixture: FixtureWorkspace;
beforeAll(async () => {
  fixture = await buildFixtureWorkspace();
});
afterAll(() => fixture.cleanup());

describe('searchTarget', () => {
  it('hands ripgrep a relative path inside the root and shows its output without "./"', () => {
    const root = searchTarget(fixture.workspace, fixture.root);
    expect(root.rgPath).toBe('.');
    expect(root.showPath('./src/unicode.ts')).toBe('src/unicode.ts');
    const src = searchTarget(fixture.workspace, path.join(fixture.root, 'src'));
    expect(src.rgPath).toBe('src');
    expect(src.showPath('src/unicode.ts')).toBe('src/unicode.ts');
    expect(src.showPath('src/a\\b.ts')).toBe('src/a\\b.ts');
  });

  it('hands ripgrep an absolute path outside the root and shows output as the workspace does', async () => {
    const workspace = await createWorkspace(fixture.root, { allowOutsideWorkspace: true });
    const outside = searchTarget(workspace, fixture.outside);
    expect(outside.rgPath).toBe(fixture.outside);
    expect(outside.showPath(path.join(fixture.outside, 'secret.txt'))).toBe(path.join(fixture.outside, 'secret.txt'));
    expect(outside.showPath(path.join(fixture.root, 'a.ts'))).toBe('a.ts');
  });
});
