import { jsonSchemaOnFirstUse } from '../args-json-schema';
import type { ToolDefinition } from '../tool';
import { globArgsSchema, type GlobArgs } from './glob-args';
import { presentGlobCall, presentGlobResult } from './glob-present';
import { executeGlob } from './glob-search';

const globParameters = jsonSchemaOnFirstUse(globArgsSchema);

export const globTool: ToolDefinition<GlobArgs> = {
  name: 'glob',
  description:
    'List files in the workspace whose paths match a glob (hidden and git-ignored files included, .git/.hg/.svn ' +
    'excluded), one path per line, most recently modified first. The glob is matched against paths relative to ' +
    'the searched folder, and * and ? never cross a "/": "*" is the files of that folder itself, "*.ts" its ' +
    'TypeScript files; use "**/" for any depth ("**/*" every file below it, "**/*.ts" every TypeScript file). ' +
    'At most 100 paths; when there are more, the full list is saved to a file named in the result.',
  argsSchema: globArgsSchema,
  get parametersJsonSchema() {
    return globParameters();
  },
  execute: executeGlob,
  presentCall: presentGlobCall,
  presentResult: presentGlobResult,
};
