import {
  describeZodIssues,
  isJsonObject,
  type JsonObject,
  type JsonValue,
  type ToolCallKind,
  type ToolCallView,
  type ToolResultView,
} from '@toolcards/protocol';
import { agentCardView } from './agent-card-view';
import { globTool } from './glob/glob-tool';
import { grepTool } from './grep/grep-tool';
import { readTool } from './read/read-tool';
import type { ToolContext, ToolDefinition, ToolResult } from './tool';
import { errorMessage, errorResult } from './tool-error';

/**
 * The tools as the server sees them: by name, with JSON args. Every entry
 * point here turns a failure into a value — nothing throws or rejects.
 */

// Method syntax in ToolDefinition makes each tool assignable here; args are parsed before any call.
const TOOLS: readonly ToolDefinition<unknown>[] = [readTool, grepTool, globTool];
const TOOLS_BY_NAME = new Map(TOOLS.map((tool) => [tool.name, tool]));

const CALL_KINDS: Readonly<Record<string, ToolCallKind>> = { read: 'read', grep: 'search', glob: 'search' };

export const TOOL_NAMES: readonly string[] = Object.freeze(TOOLS.map((tool) => tool.name));

/** The tool list for the model. */
export function toolSpecs(): { name: string; description: string; parameters: JsonObject }[] {
  return TOOLS.map((tool) => ({
    name: tool.name,
    description: tool.description,
    parameters: structuredClone(tool.parametersJsonSchema),
  }));
}

export function findTool(name: string): ToolDefinition<unknown> | undefined {
  return TOOLS_BY_NAME.get(name);
}

type ParsedArgs = { ok: true; args: unknown } | { ok: false; message: string };

/** Validates JSON args against the tool's schema. A null field counts as absent: models send it for "not given". */
export function parseToolArgs(tool: ToolDefinition<unknown>, args: JsonValue): ParsedArgs {
  const input = isJsonObject(args)
    ? Object.fromEntries(Object.entries(args).filter(([, value]) => value !== null))
    : args;
  const parsed = tool.argsSchema.safeParse(input);
  if (parsed.success) return { ok: true, args: parsed.data };
  return { ok: false, message: `Invalid arguments for ${tool.name}: ${describeZodIssues(parsed.error.issues)}` };
}

/**
 * The parsed args of one logged call, for its views. A call's view and its result's view
 * both need them, computed on every delivery (live, replay, history): each args value is
 * parsed once and kept while something still holds it (weakly: the cache never holds a call
 * alive). Execution parses on its own (runTool), so a tool never shares its args with a view.
 */
const argsForViews = new WeakMap<object, { tool: ToolDefinition<unknown>; parsed: ParsedArgs }>();

export function argsForView(tool: ToolDefinition<unknown>, args: JsonValue): ParsedArgs {
  if (typeof args !== 'object' || args === null) return parseToolArgs(tool, args);
  const cached = argsForViews.get(args);
  if (cached?.tool === tool) return cached.parsed;
  const parsed = parseToolArgs(tool, args);
  argsForViews.set(args, { tool, parsed });
  return parsed;
}

export async function runTool(name: string, args: JsonValue, context: ToolContext): Promise<ToolResult> {
  try {
    const tool = findTool(name);
    if (tool === undefined) {
      return errorResult('TOOL_UNKNOWN', `Unknown tool "${name}". Available tools: ${TOOL_NAMES.join(', ')}.`);
    }
    const parsed = parseToolArgs(tool, args);
    if (!parsed.ok) return errorResult('TOOL_INVALID_ARGS', parsed.message);
    if (context.signal.aborted) return errorResult('TOOL_ABORTED', `${name} was cancelled before it started.`);
    return await tool.execute(parsed.args, context);
  } catch (error) {
    return errorResult('TOOL_FAILED', `${name} failed unexpectedly: ${errorMessage(error)}`);
  }
}

/**
 * A presenter that threw (a bug in it): reported to the caller's hook, never thrown. The
 * registry is the one place that catches a presenter's throw; the server trusts it.
 */
export interface PresenterFailure {
  phase: 'call' | 'result';
  tool: string;
  error: unknown;
}

export type PresenterFailureHook = (failure: PresenterFailure) => void;

/**
 * Never throws: an unknown tool or bad args give a generic view titled with
 * the tool name; so does a presenter that throws, which is reported to `onFailure`.
 */
export function presentCall(name: string, args: JsonValue, onFailure?: PresenterFailureHook): ToolCallView {
  const fallback = (): ToolCallView => {
    const kind = Object.hasOwn(CALL_KINDS, name) ? CALL_KINDS[name] : undefined;
    const title = (findTool(name) === undefined ? agentCommandOf(args) : undefined) ?? name;
    return kind === undefined ? { card: 'generic', title } : { card: 'generic', title, kind };
  };
  try {
    const tool = findTool(name);
    if (tool === undefined) return fallback();
    const parsed = argsForView(tool, args);
    return parsed.ok ? tool.presentCall(parsed.args) : fallback();
  } catch (error) {
    onFailure?.({ phase: 'call', tool: name, error });
    return fallback();
  }
}

/** Longest command shown as a call's title. */
const MAX_COMMAND_TITLE_CHARS = 200;

/**
 * Another agent's shell call (Claude Code's Bash `command`, Codex's exec_command `cmd`) is
 * titled by its command's first line, as its terminal card will be, not by the tool's name.
 */
function agentCommandOf(args: JsonValue): string | undefined {
  if (args === null || typeof args !== 'object' || Array.isArray(args)) return undefined;
  const command = typeof args.command === 'string' ? args.command : typeof args.cmd === 'string' ? args.cmd : undefined;
  const line = command?.split('\n').find((text) => text.trim() !== '')?.trim();
  if (line === undefined) return undefined;
  return line.length > MAX_COMMAND_TITLE_CHARS ? `${line.slice(0, MAX_COMMAND_TITLE_CHARS - 1)}…` : line;
}

/**
 * Never throws: undefined sends the client to the generic card (a presenter that throws is reported to `onFailure`).
 * A tool that is not ours (another agent's, from an importer) gets the card its meta names (agentCardView).
 */
export function presentResult(
  name: string,
  args: JsonValue,
  result: ToolResult,
  onFailure?: PresenterFailureHook,
): ToolResultView | undefined {
  try {
    const tool = findTool(name);
    if (tool === undefined) return agentCardView(result.meta, result.content.map((block) => block.text).join('\n'));
    const parsed = argsForView(tool, args);
    return parsed.ok ? tool.presentResult(parsed.args, result) : undefined;
  } catch (error) {
    onFailure?.({ phase: 'result', tool: name, error });
    return undefined;
  }
}
