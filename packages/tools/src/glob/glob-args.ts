import { z } from 'zod';
import { withoutNul } from '../args-rules';

export const globArgsSchema = z.strictObject({
  pattern: withoutNul(z.string().min(1)).describe('Glob matched against paths relative to the search folder; * does not cross "/": "*.ts" is that folder\'s own files, "**/*.ts" any depth, "src/**/*.test.ts" below src.'),
  path: withoutNul(z.string())
    .optional()
    .describe('Folder to list, relative to the workspace root (default: the whole workspace).'),
});

export type GlobArgs = z.infer<typeof globArgsSchema>;
