import { basename, dirname, join } from 'node:path';

/** Where a Claude Code subagent's transcript sits: the parent session's transcript and the agent's id. */
export interface SubagentTranscript {
  /** `<project>/<parent uuid>.jsonl`: the transcript of the session whose Agent/Task call started it. */
  parentTranscript: string;
  parentUuid: string;
  agentId: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const AGENT_FILE = /^agent-([A-Za-z0-9_-]+)\.jsonl$/;

/**
 * Claude Code 2.1 writes a subagent's lines to `<project>/<parent uuid>/subagents/agent-<agentId>.jsonl`
 * (its lines carry the PARENT's sessionId, so the folder and the agentId are what tell it apart).
 * Any other path is not a subagent transcript of that layout.
 */
export function subagentTranscriptOf(path: string): SubagentTranscript | undefined {
  const agentId = AGENT_FILE.exec(basename(path))?.[1];
  const subagents = dirname(path);
  const sessionDir = dirname(subagents);
  const parentUuid = basename(sessionDir);
  if (agentId === undefined || basename(subagents) !== 'subagents' || !UUID.test(parentUuid)) return undefined;
  return { parentTranscript: join(dirname(sessionDir), `${parentUuid}.jsonl`), parentUuid: parentUuid.toLowerCase(), agentId };
}
