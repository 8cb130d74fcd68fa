import { mkdir, open, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { JsonValue, NewSessionEvent } from '../../packages/protocol/src/index';
import { SessionStore } from '../../packages/session/src/index';
import { createSpillStore, createWorkspace, DEFAULT_TOOL_CONFIG, runTool } from '../../packages/tools/src/index';

/**
 * A toolcards session of `calls` tool calls run for real on a generated workspace (the read
 * tool and the packaged ripgrep), as a long agent session logs them: a prompt every 20 calls,
 * the model's text between, mostly reads, some greps and globs.
 */
export async function writeLongSession(root: string, calls: number): Promise<{ dataDir: string; id: string; logPath: string }> {
  const workspace = path.join(root, 'workspace');
  const files = 60;
  for (let file = 0; file < files; file += 1) {
    const dir = path.join(workspace, 'src', `area${file % 6}`);
    await mkdir(dir, { recursive: true });
    const lines = Array.from({ length: 120 + (file % 7) * 40 }, (_, line) => (line % 9 === 0 ? `// TODO item ${file}-${line}: check the handler` : `export const value${file}_${line} = compute(${line}, "${'x'.repeat(line % 30)}");`));
    await writeFile(path.join(dir, `module${file}.ts`), `${lines.join('\n')}\n`);
  }
  const dataDir = path.join(root, 'data');
  const store = await SessionStore.open({ dataDir });
  const { log } = await store.create(workspace);
  const context = { workspace: await createWorkspace(workspace), spill: createSpillStore(store.spillDir(log.id)), config: DEFAULT_TOOL_CONFIG, signal: new AbortController().signal };
  for (let call = 0; call < calls; call += 1) {
    if (call % 20 === 0) log.append({ type: 'user/message', data: { text: `Step ${call / 20 + 1}: look at the next area and tell me what needs fixing.` } });
    const [name, args] = callAt(call, files);
    const callId = `call-${call}`;
    log.append({ type: 'tool/call', data: { callId, name, args, origin: 'model' } });
    const result = await runTool(name, args, context);
    log.append({ type: 'tool/result', data: { callId, isError: result.isError, content: result.content, ...(result.meta === undefined ? {} : { meta: result.meta }) } } as NewSessionEvent);
    if (call % 5 === 4) log.append({ type: 'assistant/text', data: { messageId: `m${call}`, delta: `Looked at ${String((args as { path?: string }).path ?? 'the matches')}; the handler there needs a check for empty input.` } });
  }
  log.append({ type: 'turn/end', data: { reason: 'done' } });
  const logPath = store.logPath(log.id);
  log.close();
  await store.close();
  return { dataDir, id: log.id, logPath };
}

function callAt(call: number, files: number): [string, JsonValue] {
  const file = call % files;
  const area = file % 6;
  if (call % 10 === 3) return ['grep', { pattern: `TODO item ${file}-`, path: 'src' }];
  if (call % 10 === 7) return ['glob', { pattern: `src/area${area}/*.ts` }];
  const offset = 1 + ((call * 37) % 80);
  return ['read', { path: `src/area${area}/module${file}.ts`, offset, limit: 60 }];
}

/** A Claude Code transcript of about `bytes`, the real 2.1.332 scenario repeated with fresh tool ids. */
export async function writeLargeTranscript(file: string, fixtureLines: readonly string[], bytes: number): Promise<number> {
  const handle = await open(file, 'w');
  let written = 0;
  try {
    for (let round = 0; written < bytes; round += 1) {
      const text = `${fixtureLines.map((line) => line.replaceAll('toolu_', `toolu_r${round}_`)).join('\n')}\n`;
      await handle.write(text);
      written += Buffer.byteLength(text);
    }
  } finally {
    await handle.close();
  }
  return written;
}
