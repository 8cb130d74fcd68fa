import { z } from 'zod';

/** Which program wrote a session: ours, or another agent whose transcript we import. A closed list. */
export const sessionSourceSchema = z.enum(['toolcards', 'claude-code', 'codex']);
export type SessionSource = z.infer<typeof sessionSourceSchema>;
