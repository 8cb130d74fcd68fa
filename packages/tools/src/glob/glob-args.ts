import { z } from 'zod';
import { withoutNul } from '../args-rules';

export const globArgsSchema = z.strictObject({
  pattern: withoutNul(z.string().min(1)).describe('Glob matched against paths below the search folder, e.g. "**/*.ts" or "src/**/*.test.ts".'),
  path: withoutNul(z.string())
    .optional()
    .describe('Folder to list, relative to the workspace root (default: the whole workspace).'),
});

export type GlobArgs = z.infer<typeof globArgsSchema>;
