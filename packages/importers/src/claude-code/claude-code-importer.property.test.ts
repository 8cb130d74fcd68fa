import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe } from 'vitest';
import { itMapsAnyLines } from '../test-support/importer-any-lines';
import { createClaudeCodeImporter } from './claude-code-importer';

/** The lines the property draws from: the transcript the real 2.1.332 wrote and the hand-written 1.0.x one. */
const transcripts = ['claude-code-2.1.332-scenario.jsonl', 'claude-code-1.0.58-handwritten.jsonl'].map((name) =>
  readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8').split('\n').filter((text) => text !== ''),
);

describe('Claude Code importer on any lines', () => {
  itMapsAnyLines(createClaudeCodeImporter, transcripts, 300);
});
