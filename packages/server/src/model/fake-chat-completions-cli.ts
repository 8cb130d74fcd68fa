import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { startFakeChatCompletionsServer, type FakeReply } from './fake-chat-completions-server';

/**
 * Starts the scripted fake model as a process, for end-to-end runs:
 *
 *   npx tsx packages/server/src/model/fake-chat-completions-cli.ts --script replies.json [--port 0] [--api-key K]
 *
 * `replies.json` is a FakeReply[] (one per request, in order). Prints one line,
 * `fake chat completions listening on http://127.0.0.1:<port>`, and runs until SIGTERM.
 */
const { values } = parseArgs({
  options: {
    script: { type: 'string' },
    port: { type: 'string', default: '0' },
    'api-key': { type: 'string' },
  },
});
if (!values.script) {
  process.stderr.write('usage: fake-chat-completions-cli --script replies.json [--port N] [--api-key KEY]\n');
  process.exit(2);
}
const replies = JSON.parse(await readFile(values.script, 'utf8')) as FakeReply[];
const server = await startFakeChatCompletionsServer(replies, {
  port: Number(values.port),
  ...(values['api-key'] === undefined ? {} : { apiKey: values['api-key'] }),
});
process.stdout.write(`fake chat completions listening on ${server.url}\n`);
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => void server.close().then(() => process.exit(0)));
}
