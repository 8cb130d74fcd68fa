import { describe, expect, it } from 'vitest';
import { SpillBytes } from './spill-bytes';

function collect(): { spill: SpillBytes; batches: Buffer[]; text(): string } {
  const batches: Buffer[] = [];
  const spill = new SpillBytes((batch) => batches.push(batch));
  return { spill, batches, text: () => Buffer.concat(batches).toString('utf8') };
}

const lineNumberAfter = (source: Buffer, quoteAt: number) => Number(source.toString('utf8', quoteAt + 2, quoteAt + 12));
/** A JSON string body, its closing quote, then `|` and a 10-digit line number. */
const json = (value: string, lineNumber: number) => Buffer.from(`${JSON.stringify(value).slice(1)}|${String(lineNumber).padStart(10, '0')}`);

describe('SpillBytes', () => {
  it('writes the same label as the model text for any line number, moving the body when its width changes', () => {
    const { spill, text } = collect();
    const numbers = [1, 9, 10, 99, 100, 7, 65535, 4294967295, 3];
    for (const lineNumber of numbers) {
      const source = json(`line ${lineNumber}`, lineNumber);
      expect(spill.jsonMatchLine(source, 0, source.length, 100, lineNumberAfter)).toBe(true);
    }
    spill.flush();
    expect(text()).toBe(numbers.map((lineNumber) => `  Line ${lineNumber}: line ${lineNumber}\n`).join(''));
  });

  it('hands over 64 KiB batches and never reuses one', () => {
    const { spill, batches, text } = collect();
    const line = `${'x'.repeat(99)}\n`;
    for (let index = 0; index < 2000; index += 1) spill.text(line);
    spill.flush();
    spill.flush();
    expect(batches.length).toBeGreaterThan(2);
    expect(batches.every((batch) => batch.length <= 64 * 1024)).toBe(true);
    expect(text()).toBe(line.repeat(2000));
    expect(new Set(batches.map((batch) => batch.buffer)).size).toBe(batches.length);
  });

  it('passes text larger than a batch through whole', () => {
    const { spill, text } = collect();
    const huge = 'é'.repeat(40_000);
    spill.text('a');
    spill.text(huge);
    spill.flush();
    expect(text()).toBe(`a${huge}`);
  });

  it('rolls back to a mark', () => {
    const { spill, text } = collect();
    spill.text('keep ');
    const mark = spill.mark();
    spill.text('drop');
    spill.rollBack(mark);
    spill.text('end');
    spill.flush();
    expect(text()).toBe('keep end');
  });

  it('writes a whole match line from a JSON string, finding its end and line number in one pass', () => {
    const { spill, text } = collect();
    for (const [value, lineNumber] of [['a "b" 日\r\n', 7], ['tab\there\n', 8], ['ten\n', 10], ['', 9999], ['last', 12]] as const) {
      const source = json(value, lineNumber);
      expect(spill.jsonMatchLine(source, 0, source.length, 20, lineNumberAfter)).toBe(true);
    }
    const long = json('x'.repeat(21), 13);
    expect(spill.jsonMatchLine(long, 0, long.length, 20, lineNumberAfter)).toBe(false);
    const bad = Buffer.from('bad \\q"|0000000014');
    expect(spill.jsonMatchLine(bad, 0, bad.length, 20, lineNumberAfter)).toBe(false);
    const unterminated = Buffer.from('no quote');
    expect(spill.jsonMatchLine(unterminated, 0, unterminated.length, 20, lineNumberAfter)).toBe(false);
    const noNumber = json('x', 1);
    expect(spill.jsonMatchLine(noNumber, 0, noNumber.length, 20, () => -1)).toBe(false);
    spill.flush();
    expect(text()).toBe('  Line 7: a "b" 日\n  Line 8: tab\there\n  Line 10: ten\n  Line 9999: \n  Line 12: last\n');
  });
});
