import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FakeResponsesScript } from './fake-responses-server';

/**
 * One scripted Codex conversation that asks for every command the importer classifies: a search
 * (rg -n), reads (sed -n, cat, nl -ba, head, a `cd DIR &&` prefix), listings (ls, rg --files), an
 * apply_patch (0.169 offers no apply_patch tool: the model sends it through exec_command as a
 * heredoc, which Codex intercepts), update_plan (not offered either: Codex answers it anyway), a
 * failing command, a read whose output Codex shortened, then a final message.
 */

export const SCENARIO_PROMPT = 'Find the needle and fix the greeting';

export const ALPHA_TS = Array.from({ length: 30 }, (_, index) =>
  index === 4 ? 'export const first = "needle one";' : index === 16 ? '// a needle in line 17' : `export const line${index + 1} = ${index + 1};`,
).join('\n') + '\n';
export const BETA_TS = 'export function greet(name: string): string {\n  return "hello " + name;\n}\n';
export const README_MD = '# Scenario\n\nA workspace for the Codex importer tests.\n';
/** Long enough that Codex shortens what it keeps of a `cat`. */
export const BIG_LINES = 4000;
export const BIG_TXT = Array.from({ length: BIG_LINES }, (_, index) => `row ${index + 1} of the big file, padded so that it is long`).join('\n') + '\n';

export const PATCH = [
  '*** Begin Patch',
  '*** Update File: src/beta.ts',
  '@@',
  ' export function greet(name: string): string {',
  '-  return "hello " + name;',
  '+  return `hello ${name}`;',
  ' }',
  '*** Add File: notes/todo.md',
  '+# Todo',
  '+- check the needle',
  '*** End Patch',
].join('\n');

export const PLAN = [
  { step: 'Find the needle', status: 'completed' },
  { step: 'Fix the greeting', status: 'in_progress' },
  { step: 'Write the notes', status: 'pending' },
];

export async function makeScenarioWorkspace(): Promise<string> {
  const workspace = await mkdtemp(join(tmpdir(), 'tc-codex-ws-'));
  await mkdir(join(workspace, 'src'));
  await writeFile(join(workspace, 'src/alpha.ts'), ALPHA_TS);
  await writeFile(join(workspace, 'src/beta.ts'), BETA_TS);
  await writeFile(join(workspace, 'README.md'), README_MD);
  await writeFile(join(workspace, 'big.txt'), BIG_TXT);
  return workspace;
}

const exec = (callId: string, cmd: string, extra: Record<string, unknown> = {}) =>
  [{ type: 'function_call' as const, callId, name: 'exec_command', arguments: { cmd, ...extra } }];

export function scenarioScript(): FakeResponsesScript {
  return [
    exec('call_rg', 'rg -n needle'),
    exec('call_sed', "sed -n '1,20p' src/alpha.ts"),
    exec('call_cat', 'cat README.md'),
    exec('call_ls', 'ls'),
    exec('call_nl', 'cd src && nl -ba beta.ts'),
    exec('call_head', 'head -n 3 src/alpha.ts'),
    exec('call_files', 'rg --files'),
    exec('call_patch', `apply_patch <<'EOF'\n${PATCH}\nEOF`),
    [{ type: 'function_call', callId: 'call_plan', name: 'update_plan', arguments: { explanation: 'Needle found', plan: PLAN } }],
    exec('call_fail', 'ls does-not-exist'),
    exec('call_exit', "sh -c 'echo oops >&2; exit 3'"),
    exec('call_big', 'cat big.txt'),
    [{ type: 'message', text: 'All done: the greeting uses a template now.' }],
  ];
}
