import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeGlob } from './glob/glob-search';
import { executeGrep } from './grep/grep-search';
import { readTool } from './read/read-tool';
import type { ToolContext, ToolResult } from './tool';
import { DEFAULT_TOOL_CONFIG } from './tool-config';
import { createWorkspace } from './workspace';

/**
 * The attack of issue 11: a workspace folder is atomically exchanged
 * (renameat2 RENAME_EXCHANGE) with a symlink to a folder outside, over and
 * over, while the tools run. A check made on the path before it is opened
 * passes on the real folder and the open then follows the link out; only
 * checks made on what was actually opened hold.
 */

/** Calls per tool; the issue asks for at least 5,000 (RACE_ATTEMPTS=10000 for issue 24's figure, by hand). */
const ATTEMPTS = Number(process.env.RACE_ATTEMPTS ?? 5000);
/**
 * Calls per tool for walks of a folder that holds the swapped one (issue 24);
 * RACE_WALK_ATTEMPTS=10000 gives the figure by hand.
 */
const WALK_ATTEMPTS = Number(process.env.RACE_WALK_ATTEMPTS ?? 300);
const CONCURRENCY = 16;
const SECRET = 'SECRET-outside-the-workspace';

/** Exchanges two paths until killed. Node has no binding for renameat2, so python3 calls libc. */
const EXCHANGE_LOOP = `
import ctypes, sys
libc = ctypes.CDLL(None, use_errno=True)
a, b = sys.argv[1].encode(), sys.argv[2].encode()
AT_FDCWD, RENAME_EXCHANGE, SYS_renameat2_x86_64 = -100, 2, 316
if hasattr(libc, 'renameat2'):
    libc.renameat2.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    exchange = lambda: libc.renameat2(AT_FDCWD, a, AT_FDCWD, b, RENAME_EXCHANGE)
else:
    exchange = lambda: libc.syscall(ctypes.c_long(SYS_renameat2_x86_64), ctypes.c_int(AT_FDCWD), ctypes.c_char_p(a), ctypes.c_int(AT_FDCWD), ctypes.c_char_p(b), ctypes.c_uint(RENAME_EXCHANGE))
print('exchanging', flush=True)
while True:
    if exchange() != 0:
        print('renameat2 failed: errno', ctypes.get_errno(), file=sys.stderr, flush=True)
        sys.exit(1)
`;

let base: string;
let context: ToolContext;
let exchanger: ChildProcess;

beforeAll(async () => {
  base = await mkdtemp(path.join(tmpdir(), 'toolcards-race-'));
  const root = path.join(base, 'workspace');
  const outside = path.join(base, 'outside');
  await mkdir(path.join(root, 'swapped'), { recursive: true });
  await mkdir(outside);
  await writeFile(path.join(root, 'swapped', 'notes.txt'), 'inside needle\n');
  // Sibling folders the walk of the root may take first: they widen the window between listing `swapped` and opening it.
  for (let i = 0; i < 20; i += 1) {
    await mkdir(path.join(root, `sibling-${i}`));
    for (let j = 0; j < 10; j += 1) await writeFile(path.join(root, `sibling-${i}`, `file-${j}.txt`), 'sibling\n');
  }
  await writeFile(path.join(outside, 'notes.txt'), `${SECRET} needle\n`);
  await writeFile(path.join(outside, `${SECRET}.txt`), `${SECRET} needle\n`);
  // The link lives outside the root; the exchange puts it where `swapped` was.
  await symlink(outside, path.join(base, 'link-out'));
  context = {
    workspace: await createWorkspace(root),
    signal: new AbortController().signal,
    config: DEFAULT_TOOL_CONFIG,
  };
  exchanger = spawn('python3', ['-c', EXCHANGE_LOOP, path.join(root, 'swapped'), path.join(base, 'link-out')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = await Promise.race([
    createInterface({ input: exchanger.stdout! })[Symbol.asyncIterator]().next().then((next) => [next.value as string]),
    new Promise<string[]>((resolve) => exchanger.once('exit', () => resolve(['exited']))),
  ]);
  if (line !== 'exchanging') throw new Error('the renameat2 exchange loop did not start');
}, 30_000);

afterAll(async () => {
  exchanger?.kill('SIGKILL');
  if (base !== undefined) await rm(base, { recursive: true, force: true });
});

/** A context per call, as the server gives each call its own signal. */
function fresh(): ToolContext {
  return { ...context, signal: new AbortController().signal };
}

/** Runs `call` `attempts` times, CONCURRENCY at once; counts results that show anything from outside. */
async function leaksOver(call: () => Promise<ToolResult>, attempts = ATTEMPTS): Promise<{ leaks: number; answered: number; examples: string[] }> {
  let next = 0;
  let leaks = 0;
  let answered = 0;
  const examples: string[] = [];
  const errors = new Map<string, number>();
  const worker = async (): Promise<void> => {
    while (next < attempts) {
      next += 1;
      const result = await call();
      const shown = JSON.stringify(result);
      if (!result.isError) answered += 1;
      else errors.set(result.error?.code ?? '?', (errors.get(result.error?.code ?? '?') ?? 0) + 1);
      if (process.env.RACE_DEBUG && result.isError && errors.get(result.error?.code ?? '?') === 1) console.log(result.error);
      if (shown.includes(SECRET)) {
        leaks += 1;
        if (examples.length < 3) examples.push(shown.slice(0, 300));
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  expect(exchanger.exitCode).toBeNull();
  if (process.env.RACE_DEBUG) console.log(errors);
  return { leaks, answered, examples };
}

describe('a workspace folder swapped for a symlink to outside while tools run', () => {
  it('read never returns the outside file', async () => {
    const outcome = await leaksOver(() => readTool.execute({ path: 'swapped/notes.txt' }, fresh()));
    console.log(`read: ${outcome.leaks} leaks in ${ATTEMPTS} raced calls (${outcome.answered} answered)`);
    expect(outcome.examples).toEqual([]);
    expect(outcome.leaks).toBe(0);
    // The race was real: some calls still found the inside file.
    expect(outcome.answered).toBeGreaterThan(0);
  }, 300_000);

  it('grep with a path never reports an outside match', async () => {
    const outcome = await leaksOver(() => executeGrep({ pattern: 'needle', path: 'swapped' }, fresh()));
    console.log(`grep: ${outcome.leaks} leaks in ${ATTEMPTS} raced calls (${outcome.answered} answered)`);
    expect(outcome.examples).toEqual([]);
    expect(outcome.leaks).toBe(0);
    expect(outcome.answered).toBeGreaterThan(0);
  }, 300_000);

  it('glob with a path never lists an outside file', async () => {
    const outcome = await leaksOver(() => executeGlob({ pattern: '*.txt', path: 'swapped' }, fresh()));
    console.log(`glob: ${outcome.leaks} leaks in ${ATTEMPTS} raced calls (${outcome.answered} answered)`);
    expect(outcome.examples).toEqual([]);
    expect(outcome.leaks).toBe(0);
    expect(outcome.answered).toBeGreaterThan(0);
  }, 300_000);
});

/**
 * Issue 24: the walk of a folder that holds the swapped one. ripgrep lists
 * `swapped` as a real folder, the exchange puts the link there, and ripgrep
 * opens `./swapped/notes.txt` by path: a check of each folder after ripgrep
 * has read it comes too late. Only a walk that cannot see outside holds.
 */
describe('a folder holding the swapped one, walked while the swap runs', () => {
  it('grep on the workspace root never reports an outside match', async () => {
    const outcome = await leaksOver(() => executeGrep({ pattern: 'needle', path: '.' }, fresh()), WALK_ATTEMPTS);
    console.log(`grep ".": ${outcome.leaks} leaks in ${WALK_ATTEMPTS} raced calls (${outcome.answered} answered)`);
    expect(outcome.examples).toEqual([]);
    expect(outcome.leaks).toBe(0);
    expect(outcome.answered).toBeGreaterThan(0);
  }, 300_000);

  it('glob **/* on the workspace root never lists an outside file', async () => {
    const outcome = await leaksOver(() => executeGlob({ pattern: '**/*' }, fresh()), WALK_ATTEMPTS);
    console.log(`glob "**/*": ${outcome.leaks} leaks in ${WALK_ATTEMPTS} raced calls (${outcome.answered} answered)`);
    expect(outcome.examples).toEqual([]);
    expect(outcome.leaks).toBe(0);
    expect(outcome.answered).toBeGreaterThan(0);
  }, 300_000);
});
