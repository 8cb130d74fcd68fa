import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { JsonValue, NewSessionEvent } from '@toolcards/protocol';
import { createSpillStore, createWorkspace, DEFAULT_TOOL_CONFIG, runTool } from '@toolcards/tools';
import { SessionStore } from '@toolcards/session';

/** Secrets a fixture session holds, each where a user would notice it leak. */
export const FIXTURE_SECRETS = {
  awsKey: 'AKIAQYLPMN5HHHFPZAM2',
  githubToken: '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',
  dotenvPassword: 's3cr3t-Passw0rd!',
  urlPassword: 'hunter2hunter2',
} as const;

/**
 * A session written by the real session log into `dataDir`, on a workspace inside `home`:
 * a prompt, a read of a .env file, a grep match on a token, a glob listing a key in a file
 * name, the model's text with a token split across two deltas, a terminal, a diff, a plan and
 * a generic card whose text holds a ``` fence. Returns its id and the log's path.
 */
export async function writeExportFixtureSession(dataDir: string, home: string): Promise<{ id: string; logPath: string; workspace: string }> {
  const workspace = join(home, 'projects', 'shop');
  const { awsKey, githubToken, dotenvPassword, urlPassword } = FIXTURE_SECRETS;
  mkdirSync(join(workspace, 'config'), { recursive: true });
  mkdirSync(join(workspace, 'src'), { recursive: true });
  mkdirSync(join(workspace, 'keys'), { recursive: true });
  writeFileSync(join(workspace, 'config/.env'), `AWS_ACCESS_KEY_ID=${awsKey}\nDB_PASSWORD=${dotenvPassword}\nPORT=3000\n`);
  writeFileSync(join(workspace, 'src/a.ts'), `// config\n\nconst token = "${githubToken}"; // ghp\n`);
  writeFileSync(join(workspace, `keys/${awsKey}.pem`), 'not a key\n');
  const store = await SessionStore.open({ dataDir });
  const { log } = await store.create(workspace);
  const text = (value: string) => [{ type: 'text' as const, text: value }];
  // read, grep and glob run for real (the packaged ripgrep), as the composer runs them.
  const context = { workspace: await createWorkspace(workspace), spill: createSpillStore(store.spillDir(log.id)), config: DEFAULT_TOOL_CONFIG, signal: new AbortController().signal };
  const run = async (callId: string, name: string, args: JsonValue): Promise<NewSessionEvent[]> => {
    const result = await runTool(name, args, context);
    return [
      { type: 'tool/call', data: { callId, name, args, origin: 'user' } },
      { type: 'tool/result', data: { callId, isError: result.isError, content: result.content, ...(result.meta === undefined ? {} : { meta: result.meta }) } } as NewSessionEvent,
    ];
  };
  const events: NewSessionEvent[] = [
    { type: 'user/message', data: { text: `Check config/.env and the token in src/a.ts (I am in ${workspace})` } },
    ...(await run('c1', 'read', { path: 'config/.env' })),
    ...(await run('c2', 'grep', { pattern: 'ghp_\\w+|ghp$' })),
    ...(await run('c3', 'glob', { pattern: 'keys/*' })),
    { type: 'assistant/text', data: { messageId: 'm1', delta: `The token is ${githubToken.slice(0, 12)}` } },
    { type: 'assistant/text', data: { messageId: 'm1', delta: `${githubToken.slice(12)} in src/a.ts.` } },
    { type: 'tool/call', data: { callId: 'c4', name: 'Bash', args: { command: 'curl https://deploy:...@example.com' }, origin: 'model' } },
    {
      type: 'tool/result',
      data: { callId: 'c4', isError: false, content: text('ok'), meta: { card: 'terminal', command: `curl https://deploy:${urlPassword}@example.com/status`, exitCode: 0, output: `fetched with ${githubToken}\nok\n`, truncated: false } },
    },
    { type: 'tool/call', data: { callId: 'c5', name: 'Edit', args: { file_path: 'src/a.ts' }, origin: 'model' } },
    {
      type: 'tool/result',
      data: { callId: 'c5', isError: false, content: text('edited'), meta: { card: 'diff', files: [{ path: 'src/a.ts', status: 'modified', hunks: [{ oldStart: 3, oldLines: 1, newStart: 3, newLines: 1, lines: [`-const token = "${githubToken}";`, '+const token = process.env.TOKEN;'] }] }] } },
    },
    { type: 'tool/call', data: { callId: 'c6', name: 'TodoWrite', args: { todos: [] }, origin: 'model' } },
    { type: 'tool/result', data: { callId: 'c6', isError: false, content: text('plan'), meta: { card: 'plan', items: [{ text: 'Move the token to the env', status: 'completed' }, { text: 'Rotate it', status: 'in_progress' }] } } },
    { type: 'tool/call', data: { callId: 'c7', name: 'WebFetch', args: { url: 'https://example.com/docs' }, origin: 'model' } },
    { type: 'tool/result', data: { callId: 'c7', isError: false, content: text('The docs say:\n```js\nrun()\n```\nDone.') } },
    { type: 'turn/end', data: { reason: 'done' } },
  ];
  for (const event of events) log.append(event);
  const logPath = store.logPath(log.id);
  log.close();
  await store.close();
  return { id: log.id, logPath, workspace };
}
