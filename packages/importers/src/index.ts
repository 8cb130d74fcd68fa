// @toolcards/importers: other agents' transcripts as toolcards session events.

// The contract
export type { TranscriptImporter, ImportedSource, ImportedEvent, TranscriptFacts, SkippedRecords } from './transcript-importer';
