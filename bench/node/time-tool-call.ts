import { performance } from 'node:perf_hooks';
import { DEFAULT_TOOL_CONFIG, runTool, type SpillStore, type Workspace } from '@toolcards/tools';
import type { JsonValue } from '@toolcards/protocol';

/**
 * One in-process tool call, as the server makes it (spill included), timed from this
 * process. Returns the `total` of its meta; an error result stops the bench, since a
 * failed call times nothing worth reporting.
 */
export async function timeToolCall(
  name: string,
  args: JsonValue,
  workspace: Workspace,
  spill: SpillStore,
): Promise<{ ms: number; total: number }> {
  const started = performance.now();
  const result = await runTool(name, args, { workspace, spill, signal: new AbortController().signal, config: DEFAULT_TOOL_CONFIG });
  const ms = performance.now() - started;
  if (result.isError) throw new Error(`${name} tool failed: ${result.error?.code} ${result.error?.message}`);
  const meta = result.meta;
  if (typeof meta === 'object' && meta !== null && 'total' in meta && typeof meta.total === 'number') return { ms, total: meta.total };
  throw new Error(`${name} meta without a total: ${JSON.stringify(meta)?.slice(0, 200)}`);
}
