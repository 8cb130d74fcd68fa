import { createClaudeCodeImporter, createCodexImporter, type ImportedSource, type ImporterState, type TranscriptImporter } from '@toolcards/importers';

/** The importer of each agent's transcripts (fresh, or resuming from a saved state). */
export function importerFor(source: ImportedSource): (from?: ImporterState) => TranscriptImporter {
  switch (source) {
    case 'claude-code':
      return createClaudeCodeImporter;
    case 'codex':
      return createCodexImporter;
  }
}

/** The agent's name as a person reads it. */
export function agentName(source: ImportedSource): string {
  switch (source) {
    case 'claude-code':
      return 'Claude Code';
    case 'codex':
      return 'Codex';
  }
}
