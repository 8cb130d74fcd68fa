import { SESSION_ID_PATTERN } from './events';

/**
 * The session id of a Claude Code subagent's mirror: `cc-<parent session uuid>-<agentId>`. The
 * server names the mirror so and the importer names it in the parent's Agent/Task result, so
 * the parent's card can link to it. Undefined when it would not be a valid id (too long): the
 * server then hashes the path and the card has no link.
 */
export function claudeSubagentSessionId(parentUuid: string, agentId: string): string | undefined {
  const id = `cc-${parentUuid.toLowerCase()}-${agentId}`;
  return SESSION_ID_PATTERN.test(id) ? id : undefined;
}
