import { rm } from 'node:fs/promises';
import { startFakeChatCompletionsServer, type FakeChatCompletionsServer } from '../packages/server/src/test-support/fake-chat-completions-server';
import { buildFixtureWorkspace, makeDataDir } from './support/fixture-workspace';
import { expect, runCommand, test } from './support/test';
import { startToolcards, type ToolcardsProcess } from './support/toolcards-process';

// A model turn end to end: plain text from the composer goes to a scripted
// model (a real HTTP server speaking Chat Completions SSE) that greps, then
// reads; the browser shows both as structured cards, then the answer.

const KEY = 'sk-e2e-model-turn-7f3a';

test.describe('a model turn', () => {
  let fake: FakeChatCompletionsServer;
  let app: ToolcardsProcess;
  let workspace: string;
  let dataDir: string;

  test.beforeEach(async () => {
    fake = await startFakeChatCompletionsServer(
      [
        {
          kind: 'stream',
          text: ['Let me search.'],
          toolCalls: [{ name: 'grep', arguments: ['{"pattern":', '"greet"}'] }],
        },
        { kind: 'stream', toolCalls: [{ name: 'read', arguments: '{"path":"src/greet.ts"}' }] },
        { kind: 'stream', text: ['`greet` is defined in ', 'src/greet.ts and returns a greeting.'], chunkDelayMs: 20 },
      ],
      { apiKey: KEY },
    );
    workspace = await buildFixtureWorkspace({
      'src/greet.ts': 'export function greet(name: string): string {\n  return `hello ${name}`;\n}\n',
      'README.md': '# fixture\n\nA tiny workspace for end-to-end tests.\n',
    });
    dataDir = await makeDataDir();
    app = await startToolcards({
      workspace,
      dataDir,
      env: { TOOLCARDS_API_KEY: KEY, TOOLCARDS_BASE_URL: fake.url, TOOLCARDS_MODEL: 'fake-model' },
    });
  });

  test.afterEach(async () => {
    await app?.stop();
    await fake?.close();
    await rm(workspace, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  });

  test('the model greps then reads, and the browser shows both cards and the answer', async ({ page, consoleErrors }) => {
    await page.goto(app.url);
    await expect(page.getByText('fake-model')).toBeVisible();

    await runCommand(page, 'Where is greet defined?');

    const timeline = page.getByRole('log', { name: 'Session timeline' });
    const searchCard = timeline.getByRole('article', { name: 'Grep greet', exact: true });
    await expect(searchCard).toBeVisible();
    await expect(searchCard.getByRole('button', { name: /src\/greet\.ts, 1 match/ })).toBeVisible();

    const readCard = timeline.getByRole('article', { name: 'Read src/greet.ts', exact: true });
    await expect(readCard).toBeVisible();
    await expect(readCard.getByRole('region', { name: 'File contents' })).toContainText('export function greet(name: string): string {');

    const answers = timeline.getByRole('article', { name: 'Assistant message' });
    await expect(answers.first()).toContainText('Let me search.');
    await expect(answers.last()).toContainText('is defined in src/greet.ts and returns a greeting.');
    await expect(timeline.getByRole('separator', { name: 'Turn ended' })).toBeAttached();

    // Cards appear in the order the model called the tools, after its first words.
    const searchBox = await searchCard.boundingBox();
    const readBox = await readCard.boundingBox();
    expect(searchBox && readBox && searchBox.y < readBox.y).toBe(true);

    // The model saw each result's model text; the key went only to the model API.
    expect(fake.requests).toHaveLength(3);
    expect(fake.requests[1]?.body.messages?.at(-1)).toMatchObject({ role: 'tool', content: expect.stringContaining('src/greet.ts') });
    expect(fake.requests[2]?.body.messages?.at(-1)).toMatchObject({ role: 'tool', content: expect.stringContaining('<path>') });
    expect(await page.content()).not.toContain(KEY);
    expect(app.output()).not.toContain(KEY);
    expect(consoleErrors).toEqual([]);
  });
});
