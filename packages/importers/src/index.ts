// @toolcards/importers: other agents' transcripts as toolcards session events.

// The contract
export type { TranscriptImporter, ImportedSource, ImportedEvent, TranscriptFacts, SkippedRecords, ImporterState } from './transcript-importer';
export { ImporterStateError } from './transcript-importer';

// Claude Code (1.0.x to 2.1)
export { createClaudeCodeImporter } from './claude-code/claude-code-importer';

// Codex (0.58 to 0.169)
export { createCodexImporter } from './codex/codex-importer';
