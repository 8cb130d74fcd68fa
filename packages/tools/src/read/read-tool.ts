import { errorResult, textResult } from '../tool-error';
import { jsonSchemaOnFirstUse } from '../args-json-schema';
import type { ToolContext, ToolDefinition, ToolResult } from '../tool';
import { readArgsSchema, type ReadArgs } from './read-args';
import { readAt } from './read-at';
import { readPresentationMeta } from './read-meta';
import { presentReadCall, presentReadResult } from './read-present';
import { renderReadText } from './read-render';

async function executeRead(args: ReadArgs, context: ToolContext): Promise<ToolResult> {
  const { workspace, config, signal } = context;
  const window = { offset: args.offset ?? 1, limit: args.limit ?? config.readMaxLines };
  const outcome = await readAt(workspace, args.path, window, config, signal);
  if (!outcome.ok) return errorResult(outcome.error.code, outcome.error.message);
  return textResult(
    renderReadText(outcome.path, outcome.window, config.readMaxWindowBytes),
    readPresentationMeta(outcome.path, outcome.window, outcome.file),
  );
}

const readParameters = jsonSchemaOnFirstUse(readArgsSchema);

export const readTool: ToolDefinition<ReadArgs> = {
  name: 'read',
  description:
    'Read a text file in the workspace. Returns numbered lines ("N: text") inside a <path>/<type>/<content> ' +
    'envelope, at most 2000 lines and 50 KiB per call, with a footer giving the total line count or the offset ' +
    'to continue from. Lines longer than 2000 characters are cut. Binary files and directories are refused.',
  argsSchema: readArgsSchema,
  get parametersJsonSchema() {
    return readParameters();
  },
  execute: executeRead,
  presentCall: presentReadCall,
  presentResult: presentReadResult,
};
