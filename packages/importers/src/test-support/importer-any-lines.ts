import { expect, it } from 'vitest';
import fc from 'fast-check';
import type { ImporterState, TranscriptImporter } from '../transcript-importer';
import { collect } from './claude-mapped-session';

/**
 * The property every importer keeps: any sequence of lines maps without throwing, to events
 * that are valid session events, where a result always follows its call and comes once, and the
 * same lines give the same events. The lines are real ones (transcripts the real program wrote,
 * and hand-written older ones), cut anywhere, with any field replaced by any JSON, mixed with
 * arbitrary text, or whole transcripts with lines dropped, repeated, cut or mutated.
 */
export function itMapsAnyLines(createImporter: (from?: ImporterState) => TranscriptImporter, transcripts: readonly string[][], numRuns: number): void {
  it('never throws, and what comes out is a valid, well-ordered session', () => {
    fc.assert(
      fc.property(fc.oneof(fc.array(anyLineOf(transcripts), { maxLength: 60 }), damagedTranscriptOf(transcripts)), (lines) => {
        const importer = createImporter();
        const events = lines.flatMap((text) => importer.feedLine(text));
        collect(events); // throws on an invalid event, a result before its call, or twice
        const skipped = importer.skipped();
        // The guards handle every shape: the last-resort catch in feedLine is never what saves it.
        expect(skipped.byType['not-understood']).toBeUndefined();
        expect(Object.values(skipped.byType).reduce((sum, count) => sum + count, 0)).toBe(skipped.total);
        importer.facts();
        const again = createImporter();
        expect(lines.flatMap((text) => again.feedLine(text))).toEqual(events);
      }),
      { numRuns },
    );
  });

  // A restart resumes a mirror from the state saved at an offset: the rest must map as if fed in one go.
  it('resumes from its state (through JSON) anywhere, mapping the rest as one importer fed everything would', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.array(anyLineOf(transcripts), { maxLength: 60 }), damagedTranscriptOf(transcripts)).chain((lines) => fc.tuple(fc.constant(lines), fc.nat(lines.length))),
        ([lines, cut]) => {
          const whole = createImporter();
          const expected = lines.flatMap((text) => whole.feedLine(text));
          const before = createImporter();
          const first = lines.slice(0, cut).flatMap((text) => before.feedLine(text));
          const resumed = createImporter(JSON.parse(JSON.stringify(before.state())) as ImporterState);
          expect([...first, ...lines.slice(cut).flatMap((text) => resumed.feedLine(text))]).toEqual(expected);
          expect(resumed.facts()).toEqual(whole.facts());
          expect(resumed.skipped()).toEqual(whole.skipped());
          expect(resumed.notUnderstood()).toEqual(whole.notUnderstood());
        },
      ),
      { numRuns },
    );
  });
}

/** Replaces the value at a path of objects and arrays, chosen by the numbers, with `value`. */
function mutate(record: unknown, choices: number[], value: unknown): unknown {
  if (choices.length === 0 || record === null || typeof record !== 'object') return value;
  const [choice, ...rest] = choices;
  if (Array.isArray(record)) {
    if (record.length === 0) return value;
    const index = choice! % record.length;
    return record.map((item, at) => (at === index ? mutate(item, rest, value) : item));
  }
  const keys = Object.keys(record);
  if (keys.length === 0) return value;
  const key = keys[choice! % keys.length]!;
  return { ...record, [key]: mutate((record as Record<string, unknown>)[key], rest, value) };
}

/** A real line as it is, cut, with a field replaced, or any JSON or text. */
function anyLineOf(transcripts: readonly string[][]) {
  const realLine = fc.constantFrom(...transcripts.flat());
  return fc.oneof(
    realLine,
    realLine.chain((text) => fc.nat(text.length).map((cut) => text.slice(0, cut))),
    fc
      .tuple(realLine, fc.array(fc.nat(), { minLength: 1, maxLength: 6 }), fc.jsonValue())
      .map(([text, choices, value]) => JSON.stringify(mutate(JSON.parse(text), choices, value))),
    fc.jsonValue().map((value) => JSON.stringify(value)),
    fc.string(),
  );
}

/** A real transcript in file order, each line kept, dropped, repeated, cut, mutated or preceded by noise. */
function damagedTranscriptOf(transcripts: readonly string[][]) {
  return fc.constantFrom(...transcripts).chain((lines) =>
    fc
      .record({
        ops: fc.array(fc.tuple(fc.constantFrom('keep', 'keep', 'keep', 'drop', 'twice', 'cut', 'mutate', 'noise'), fc.nat(), fc.array(fc.nat(), { minLength: 1, maxLength: 6 })), {
          minLength: lines.length,
          maxLength: lines.length,
        }),
        value: fc.jsonValue({ maxDepth: 2 }),
        noise: anyLineOf(transcripts),
      })
      .map(({ ops, value, noise }) =>
        ops.flatMap(([op, cut, choices], index) => {
          const text = lines[index]!;
          switch (op) {
            case 'drop':
              return [];
            case 'twice':
              return [text, text];
            case 'cut':
              return [text.slice(0, cut % (text.length + 1))];
            case 'mutate':
              return [JSON.stringify(mutate(JSON.parse(text), choices, value))];
            case 'noise':
              return [noise, text];
            default:
              return [text];
          }
        }),
      ),
  );
}
