import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FakeAnthropicScript, FakeAnthropicTurn } from './fake-anthropic-server';

/**
 * One scripted Claude Code conversation that asks for every tool the importer maps: two Reads in
 * one reply (a whole file and a window), Grep in each output mode (content with context lines,
 * files_with_matches, count), Glob, Bash (one ok, one failing), Edit, Write of a new file,
 * TodoWrite, a thinking block, a Read of a missing file and of an image, a Grep of one file, an
 * Edit that fails, an Agent whose subagent reads a file, then a final text (and a reply to each
 * background notification). Its workspace is written to a temp folder first.
 */

export const ALPHA_TS = [
  'export const one = 1;',
  '// needle one',
  'export const two = 2;',
  'export function three() {',
  '  return 3; // needle two',
  '}',
  '',
].join('\n');

export const BETA_TS = Array.from({ length: 12 }, (_, index) => `export const b${index + 1} = ${index + 1};${index === 7 ? ' // needle three' : ''}`).join('\n') + '\n';

export const README_MD = '# Scripted workspace\n\nNothing to see.\n';

/** A 1×1 PNG. */
export const DOT_PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

export const SUBAGENT_PROMPT = 'Subagent: read README.md and say what it holds.';

export const NEW_FILE_MD = '# Notes\n\nfirst line\nsecond line\n';

export const PLAN = [
  { content: 'Read the sources', status: 'completed', activeForm: 'Reading the sources' },
  { content: 'Edit alpha', status: 'in_progress', activeForm: 'Editing alpha' },
  { content: 'Write the notes', status: 'pending', activeForm: 'Writing the notes' },
] as const;

export async function makeScenarioWorkspace(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'tc-claude-ws-'));
  await mkdir(join(root, 'src'), { recursive: true });
  await writeFile(join(root, 'src', 'alpha.ts'), ALPHA_TS);
  await writeFile(join(root, 'src', 'beta.ts'), BETA_TS);
  await writeFile(join(root, 'README.md'), README_MD);
  await writeFile(join(root, 'dot.png'), Buffer.from(DOT_PNG_BASE64, 'base64'));
  return root;
}

/** The main conversation by step; the subagent's requests (their first message is its prompt) get its own two steps. */
export function scenarioScript(workspace: string): FakeAnthropicScript {
  const main = scenarioTurns(workspace);
  const subagent: FakeAnthropicTurn[] = [
    { blocks: [{ type: 'tool_use', id: 'toolu_sub_read', name: 'Read', input: { file_path: join(workspace, 'README.md') } }] },
    { blocks: [{ type: 'text', text: 'README.md says there is nothing to see.' }] },
  ];
  return (request, step) => {
    const first = JSON.stringify(request.body.messages?.[0]?.content ?? '');
    return (first.includes(SUBAGENT_PROMPT) ? subagent : main)[step];
  };
}

function scenarioTurns(workspace: string): FakeAnthropicTurn[] {
  const at = (path: string): string => join(workspace, path);
  return [
    {
      blocks: [
        { type: 'text', text: 'I will read the sources first.' },
        { type: 'tool_use', id: 'toolu_read_alpha', name: 'Read', input: { file_path: at('src/alpha.ts') } },
        { type: 'tool_use', id: 'toolu_read_beta', name: 'Read', input: { file_path: at('src/beta.ts'), offset: 3, limit: 4 } },
      ],
    },
    {
      blocks: [
        { type: 'tool_use', id: 'toolu_grep_content', name: 'Grep', input: { pattern: 'needle', output_mode: 'content', '-n': true, '-C': 1 } },
        { type: 'tool_use', id: 'toolu_grep_files', name: 'Grep', input: { pattern: 'needle', output_mode: 'files_with_matches' } },
        { type: 'tool_use', id: 'toolu_grep_count', name: 'Grep', input: { pattern: 'needle', output_mode: 'count' } },
      ],
    },
    { blocks: [{ type: 'tool_use', id: 'toolu_glob', name: 'Glob', input: { pattern: '**/*.ts' } }] },
    {
      blocks: [
        { type: 'tool_use', id: 'toolu_bash_ok', name: 'Bash', input: { command: 'echo hello; echo warning >&2', description: 'Say hello' } },
      ],
    },
    {
      blocks: [
        { type: 'tool_use', id: 'toolu_bash_fail', name: 'Bash', input: { command: 'ls /no-such-dir-here; exit 3', description: 'Fail' } },
      ],
    },
    {
      blocks: [
        {
          type: 'tool_use',
          id: 'toolu_bash_background',
          name: 'Bash',
          input: { command: 'echo started; sleep 0.3; echo background-done', description: 'In the background', run_in_background: true },
        },
      ],
    },
    {
      blocks: [
        {
          type: 'tool_use',
          id: 'toolu_edit',
          name: 'Edit',
          input: { file_path: at('src/alpha.ts'), old_string: 'export const two = 2;', new_string: 'export const two = 22;\nexport const twoAndAHalf = 2.5;' },
        },
      ],
    },
    { blocks: [{ type: 'tool_use', id: 'toolu_write', name: 'Write', input: { file_path: at('notes/new.md'), content: NEW_FILE_MD } }] },
    { blocks: [{ type: 'tool_use', id: 'toolu_todo', name: 'TodoWrite', input: { todos: PLAN } }] },
    {
      blocks: [
        { type: 'thinking', thinking: 'Now the odd cases.' },
        { type: 'tool_use', id: 'toolu_read_missing', name: 'Read', input: { file_path: at('src/missing.ts') } },
        { type: 'tool_use', id: 'toolu_read_image', name: 'Read', input: { file_path: at('dot.png') } },
        { type: 'tool_use', id: 'toolu_grep_one_file', name: 'Grep', input: { pattern: 'needle', path: at('src/beta.ts'), output_mode: 'content', '-n': true } },
      ],
    },
    { blocks: [{ type: 'tool_use', id: 'toolu_edit_fail', name: 'Edit', input: { file_path: at('src/beta.ts'), old_string: 'not in the file', new_string: 'x' } }] },
    {
      blocks: [
        { type: 'tool_use', id: 'toolu_agent', name: 'Agent', input: { description: 'Read the README', prompt: SUBAGENT_PROMPT, subagent_type: 'general-purpose' } },
      ],
    },
    { blocks: [{ type: 'text', text: 'All done: **alpha** edited and notes written.' }] },
    // The background command and the agent end with a notification each, a turn of its own after the reply.
    { blocks: [{ type: 'text', text: 'Noted.' }] },
    { blocks: [{ type: 'text', text: 'Noted.' }] },
  ];
}

export const SCENARIO_PROMPT = 'Look at the sources, edit alpha and write notes.';
export const SCENARIO_TOOLS = ['Read', 'Grep', 'Glob', 'Bash', 'Edit', 'Write', 'TodoWrite', 'Agent'];
/** 2.1 offers TodoWrite only with its task tools turned off (otherwise TodoWrite answers "disabled for this session"). */
export const SCENARIO_ENV = { CLAUDE_CODE_ENABLE_TASKS: 'false' };
