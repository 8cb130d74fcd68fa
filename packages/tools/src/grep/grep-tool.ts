import { jsonSchemaOnFirstUse } from '../args-json-schema';
import type { ToolDefinition } from '../tool';
import { grepArgsSchema, type GrepArgs } from './grep-args';
import { presentGrepCall, presentGrepResult } from './grep-present';
import { executeGrep } from './grep-search';

const grepParameters = jsonSchemaOnFirstUse(grepArgsSchema);

export const grepTool: ToolDefinition<GrepArgs> = {
  name: 'grep',
  description:
    'Search file contents in the workspace with a regular expression (ripgrep; .gitignore and hidden files are ' +
    'skipped). Returns "Found N matches" and per-file groups of "Line N: text" rows in path order, at most 250 matches with ' +
    'long lines cut; when there are more, the full list is saved to a file named in the result. Use include to ' +
    'limit the search to files matching a glob.',
  argsSchema: grepArgsSchema,
  get parametersJsonSchema() {
    return grepParameters();
  },
  execute: executeGrep,
  presentCall: presentGrepCall,
  presentResult: presentGrepResult,
};
