import { z } from 'zod';
import { withoutNul } from '../args-rules';

export const grepArgsSchema = z.strictObject({
  pattern: withoutNul(z.string().min(1)).describe('Regular expression to search for (ripgrep / Rust regex syntax).'),
  path: withoutNul(z.string())
    .optional()
    .describe('File or folder to search, relative to the workspace root (default: the whole workspace).'),
  include: withoutNul(z.string().min(1))
    .optional()
    .describe('Only search files matching this glob, e.g. "*.ts" or "src/**/*.{ts,tsx}".'),
});

export type GrepArgs = z.infer<typeof grepArgsSchema>;
