import type { SessionHeader, WireErrorCode } from '@toolcards/protocol';
import { agentName } from './importer-for-source';

/**
 * The refusal of a tool run or prompt on a session that mirrors another agent's transcript,
 * or undefined for a session of ours. The transcript is the agent's: nothing is written to it
 * or to its mirror but what the agent logs.
 */
export function readOnlyRefusal(header: SessionHeader): { code: WireErrorCode; message: string } | undefined {
  const source = header.source ?? 'toolcards';
  if (source === 'toolcards') return undefined;
  return {
    code: 'SESSION_READ_ONLY',
    message: `this is a ${agentName(source)} session, shown read-only from its transcript; start a new toolcards session to run tools or send prompts`,
  };
}
