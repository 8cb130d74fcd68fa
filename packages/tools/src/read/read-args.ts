import { z } from 'zod';
import { withoutNul } from '../args-rules';

export const readArgsSchema = z.strictObject({
  path: withoutNul(z.string().min(1)).describe(
    'File to read: relative to the workspace root, or an absolute path inside it.',
  ),
  offset: z.number().int().min(1).optional().describe('1-based line to start at (default 1).'),
  limit: z.number().int().min(1).optional().describe('Most lines to return (default and maximum 2000).'),
});

export type ReadArgs = z.infer<typeof readArgsSchema>;
