import { createHash } from 'node:crypto';
import { basename } from 'node:path';
import { claudeSubagentSessionId, SESSION_ID_PATTERN } from '@toolcards/protocol';
import type { ImportedSource } from '@toolcards/importers';
import { subagentTranscriptOf } from './subagent-transcript';

const PREFIX: Record<ImportedSource, string> = { 'claude-code': 'cc', codex: 'cx' };
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/**
 * The toolcards session id of a transcript's mirror, the same on every start: `cc-<uuid>` for
 * Claude Code's `<uuid>.jsonl`, `cx-<uuid>` for Codex's `rollout-<time>-<uuid>.jsonl`, else a
 * hash of the path (a file named otherwise still gets a valid id). A Claude Code subagent's
 * `<uuid>/subagents/agent-<agentId>.jsonl` is `cc-<parent uuid>-<agentId>` (its lines carry
 * the parent's session id, so that alone would clash with the parent).
 */
export function mirrorIdOf(source: ImportedSource, path: string): string {
  const subagent = source === 'claude-code' ? subagentTranscriptOf(path) : undefined;
  if (subagent) {
    return claudeSubagentSessionId(subagent.parentUuid, subagent.agentId) ?? `cc-h${createHash('sha256').update(path).digest('hex').slice(0, 32)}`;
  }
  const uuid = UUID.exec(basename(path))?.[0]?.toLowerCase();
  const id = `${PREFIX[source]}-${uuid ?? `h${createHash('sha256').update(path).digest('hex').slice(0, 32)}`}`;
  return SESSION_ID_PATTERN.test(id) ? id : `${PREFIX[source]}-h${createHash('sha256').update(path).digest('hex').slice(0, 32)}`;
}
