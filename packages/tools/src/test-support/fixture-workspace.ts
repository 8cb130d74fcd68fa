import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createSpillStore } from '../spill-store';
import type { ToolConfig, ToolContext, Workspace } from '../tool';
import { DEFAULT_TOOL_CONFIG } from '../tool-config';
import { createWorkspace } from '../workspace';

/** The word every searchable fixture file holds, so grep tests can find (or miss) each one. */
export const NEEDLE = 'needle';

/** Names of the fixture's files, relative to the workspace root. */
export const FIXTURE = {
  unicode: 'src/unicode.ts',
  crlf: 'crlf.txt',
  binary: 'binary.bin',
  latin1: 'latin1.txt',
  exactLine: 'exact-line.txt',
  longLine: 'long-line.txt',
  big: 'big.txt',
  empty: 'empty.txt',
  spaced: 'name with spaces "and quotes".txt',
  dashed: '-dash-file.txt',
  ignored: 'ignored.log',
  hidden: '.hidden.txt',
  linkOut: 'link-out.txt',
  linkDirOut: 'link-dir-out',
} as const;

export const UNICODE_TEXT = 'const greeting = "héllo wörld 👋 needle";\nexport const 日本 = "日本語 needle";\n';
/** Lines of big.txt: more than 50 KiB, fewer than 2000 lines. */
export const BIG_LINES = 1500;

export interface FixtureWorkspace {
  root: string;
  /** A sibling folder outside the workspace, holding `secret.txt` (with the needle). */
  outside: string;
  spillDir: string;
  workspace: Workspace;
  context(overrides?: Partial<ToolConfig> & { signal?: AbortSignal; noSpill?: boolean }): ToolContext;
  cleanup(): Promise<void>;
}

/**
 * A real temp workspace with the awkward files the tools must handle:
 * unicode, CRLF, binary, invalid UTF-8, a 2000-char line, a > 50 KiB file, an
 * empty file, symlinks out, a .gitignore'd file (in a git repo), a name with
 * spaces and quotes.
 */
export async function buildFixtureWorkspace(): Promise<FixtureWorkspace> {
  const base = await mkdtemp(path.join(tmpdir(), 'toolcards-fixture-'));
  const root = path.join(base, 'workspace');
  const outside = path.join(base, 'outside');
  const spillDir = path.join(base, 'spill');
  await mkdir(path.join(root, 'src'), { recursive: true });
  await mkdir(outside);
  await writeFile(path.join(outside, 'secret.txt'), `top secret ${NEEDLE}\n`);

  const file = (name: string, content: string | Buffer) => writeFile(path.join(root, name), content);
  await file(FIXTURE.unicode, UNICODE_TEXT);
  await file(FIXTURE.crlf, `first ${NEEDLE}\r\nsecond\r\nthird\r\n`);
  await file(FIXTURE.binary, Buffer.concat([Buffer.from(`${NEEDLE}\n`), Buffer.from([0, 1, 2, 0, 255]), Buffer.from(`\n${NEEDLE}\n`)]));
  await file(FIXTURE.latin1, Buffer.concat([Buffer.from('caf'), Buffer.from([0xe9]), Buffer.from(` ${NEEDLE}\n`)]));
  await file(FIXTURE.exactLine, `${'a'.repeat(2000)}\nshort\n`);
  await file(FIXTURE.longLine, `${NEEDLE}${'b'.repeat(4000)}\nafter\n`);
  await file(FIXTURE.big, Array.from({ length: BIG_LINES }, (_, index) => `line ${index + 1} ${'x'.repeat(40)}`).join('\n') + '\n');
  await file(FIXTURE.empty, '');
  await file(FIXTURE.spaced, `spaced ${NEEDLE}\n`);
  await file(FIXTURE.dashed, `dashed ${NEEDLE}\n`);
  await file(FIXTURE.ignored, `ignored ${NEEDLE}\n`);
  await file(FIXTURE.hidden, `hidden ${NEEDLE}\n`);
  await file('.gitignore', `${FIXTURE.ignored}\n`);
  // ripgrep honours .gitignore inside a git repository only.
  await mkdir(path.join(root, '.git'));
  await writeFile(path.join(root, '.git', 'HEAD'), `ref: refs/heads/main ${NEEDLE}\n`);
  await symlink(path.join(outside, 'secret.txt'), path.join(root, FIXTURE.linkOut));
  await symlink(outside, path.join(root, FIXTURE.linkDirOut));

  const workspace = await createWorkspace(root, { extraReadableRoots: [spillDir] });
  return {
    root: workspace.root,
    outside,
    spillDir,
    workspace,
    context(overrides = {}) {
      const { signal, noSpill, ...config } = overrides;
      return {
        workspace,
        ...(noSpill ? {} : { spill: createSpillStore(spillDir) }),
        signal: signal ?? new AbortController().signal,
        config: { ...DEFAULT_TOOL_CONFIG, ...config },
      };
    },
    cleanup: () => rm(base, { recursive: true, force: true }),
  };
}

/** The single text block of a result. */
export function textOf(result: { content: { type: string; text: string }[] }): string {
  if (result.content.length !== 1) throw new Error(`expected one content block, got ${result.content.length}`);
  return result.content[0]!.text;
}
