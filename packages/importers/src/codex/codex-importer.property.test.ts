import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe } from 'vitest';
import { itMapsAnyLines } from '../test-support/importer-any-lines';
import { createCodexImporter } from './codex-importer';

/** The lines the property draws from: the rollout the real 0.169.0 wrote (long harness texts cut) and the hand-written 0.58 one. */
const transcripts = ['codex-0.169.0-scenario.jsonl', 'codex-0.58.0-handwritten.jsonl'].map((name) =>
  readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8').split('\n').filter((text) => text !== ''),
);

describe('Codex importer on any lines', () => {
  itMapsAnyLines(createCodexImporter, transcripts, 200);
});
