import { describe, expect, it } from 'vitest';
import { SpillBytes } from './spill-bytes';

function collect(): { spill: SpillBytes; batches: Buffer[]; text(): string } {
  const batches: Buffer[] = [];
  const spill = new SpillBytes((batch) => batches.push(batch));
  return { spill, batches, text: () => Buffer.concat(batches).toString('utf8') };
}

describe('SpillBytes', () => {
  it('writes text, copies, labels, newlines and unescaped JSON bodies in order', () => {
    const { spill, text } = collect();
    spill.text('src/a.ts:\n');
    spill.lineLabel(7);
    spill.copy(Buffer.from('xx copied yy'), 3, 9);
    spill.newline();
    spill.lineLabel(1234567);
    const escaped = Buffer.from('say \\"hi\\"\\t\\u00e9');
    expect(spill.jsonStringBody(escaped, 0, escaped.length)).toBe(true);
    spill.newline();
    spill.flush();
    expect(text()).toBe('src/a.ts:\n  Line 7: copied\n  Line 1234567: say "hi"\té\n');
  });

  it('writes the same label as the model text for any line number', () => {
    for (const lineNumber of [0, 1, 9, 10, 99, 100, 65535, 4294967295]) {
      const { spill, text } = collect();
      spill.lineLabel(lineNumber);
      spill.flush();
      expect(text()).toBe(`  Line ${lineNumber}: `);
    }
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

  it('passes values larger than a batch through whole', () => {
    const { spill, text } = collect();
    const huge = 'é'.repeat(40_000);
    spill.text('a');
    spill.text(huge);
    spill.copy(Buffer.from(huge), 0, Buffer.byteLength(huge));
    spill.flush();
    expect(text()).toBe(`a${huge}${huge}`);
  });

  it('rolls back to a mark, and refuses a malformed body without writing', () => {
    const { spill, text } = collect();
    spill.text('keep ');
    const mark = spill.mark();
    spill.text('drop');
    spill.rollBack(mark);
    expect(spill.jsonStringBody(Buffer.from('bad \\x escape'), 0, 13)).toBe(false);
    spill.text('end');
    spill.flush();
    expect(text()).toBe('keep end');
  });
});
