import type { SessionSource } from '@toolcards/protocol';

/** Who wrote a session, as the sessions panel and the composer name it. */
export function sourceName(source: SessionSource): string {
  switch (source) {
    case 'toolcards':
      return 'toolcards';
    case 'claude-code':
      return 'Claude Code';
    case 'codex':
      return 'Codex';
  }
}
