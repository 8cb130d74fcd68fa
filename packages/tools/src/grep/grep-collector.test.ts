import { describe, expect, it } from 'vitest';
import { RecordSplitter } from '../ripgrep/record-splitter';
import { beginRecord, endRecord, matchRecord, SUMMARY_RECORD } from '../test-support/rg-records';
import { GrepCollector, type GrepCollectorOptions } from './grep-collector';
import { grepFileHeader, grepMatchLine } from './grep-render';
import { NOT_UTF8_MARKER, previewTextLine, trailingCutMarker } from './match-preview';
import { comparePaths } from './path-order';

const showPath = (path: string) => (path.startsWith('./') ? path.slice(2) : path);

interface FileLines {
  path: string;
  lines: (string | Buffer)[];
}

function stream(files: FileLines[], needle = 'needle'): string {
  const records: string[] = [];
  for (const file of files) {
    records.push(beginRecord(`./${file.path}`));
    file.lines.forEach((line, index) => records.push(matchRecord(`./${file.path}`, index + 1, line, needle)));
    records.push(endRecord(`./${file.path}`));
  }
  records.push(SUMMARY_RECORD);
  return `${records.join('\n')}\n`;
}

/** Feeds the stream in small chunks, as a pipe would. */
function collect(output: string, options: Partial<GrepCollectorOptions> & { spilled?: Buffer[] } = {}, chunkSize = 97) {
  const spilled = options.spilled ?? [];
  const collector = new GrepCollector({
    maxMatches: 3,
    previewBytes: 2000,
    showPath,
    spill: (batch) => spilled.push(Buffer.from(batch)),
    ...options,
  });
  const splitter = new RecordSplitter(0x0a, (buffer, start, end) => collector.record(buffer, start, end));
  const bytes = Buffer.from(output);
  for (let at = 0; at < bytes.length; at += chunkSize) splitter.push(bytes.subarray(at, at + chunkSize));
  splitter.end();
  return { result: collector.result(), spill: Buffer.concat(spilled).toString('utf8') };
}

/** What the spill must hold: the model text's group format, every match, previews cut the same way. */
function expectedSpill(files: FileLines[], previewBytes = 2000): string {
  return files
    .map((file) =>
      [
        grepFileHeader(file.path),
        ...file.lines.map((line, index) =>
          grepMatchLine(
            index + 1,
            typeof line === 'string' ? previewTextLine(line, [], previewBytes).line : `${NOT_UTF8_MARKER}${line.toString('utf8').replace(/\n$/, '')}`,
          ),
        ),
      ].join('\n'),
    )
    .join('\n\n')
    .concat('\n');
}

describe('GrepCollector', () => {
  const files: FileLines[] = [
    { path: 'a.ts', lines: ['one needle\n', 'two needle\n'] },
    { path: 'dir/b "q".ts', lines: ['three "needle"\t\\x\n', 'four 日本 needle 👋\r\n', 'five needle'] },
    { path: 'c.txt', lines: ['six needle\u0001\u001b[0m\n'] },
  ];

  it('counts every match, retains the first maxMatches by path with ranges, and sees the summary', () => {
    const { result } = collect(stream(files));
    expect(result.total).toBe(6);
    expect(result.searched).toBe(true);
    expect(result.matches).toEqual([
      { path: 'a.ts', lineNumber: 1, line: 'one needle', ranges: [[4, 10]] },
      { path: 'a.ts', lineNumber: 2, line: 'two needle', ranges: [[4, 10]] },
      { path: 'c.txt', lineNumber: 1, line: 'six needle\u0001\u001b[0m', ranges: [[4, 10]] },
    ]);
  });

  it('retains the same matches, in path then line order, whatever order ripgrep reports the files in', () => {
    const many: FileLines[] = ['src/z.ts', 'bench/x.ts', 'src/grep/b.ts', 'src/grep/a.ts', 'src-old/a.ts', 'src/glob.ts'].map((path, index) => ({
      path,
      lines: Array.from({ length: 1 + (index % 3) }, (_, line) => `needle ${path} ${line + 1}\n`),
    }));
    const expected = many
      .flatMap((file) => file.lines.map((_, line) => `${file.path}:${line + 1}`))
      .sort((a, b) => {
        const [pathA, lineA] = a.split(':');
        const [pathB, lineB] = b.split(':');
        return comparePaths(pathA!, pathB!) || Number(lineA) - Number(lineB);
      })
      .slice(0, 5);
    for (const order of [many, [...many].reverse(), [many[3]!, many[0]!, many[5]!, many[1]!, many[4]!, many[2]!]]) {
      const { result } = collect(stream(order), { maxMatches: 5 });
      expect(result.matches.map((match) => `${match.path}:${match.lineNumber}`)).toEqual(expected);
      expect(result.total).toBe(12);
    }
  });

  it('keeps every match in the spill, in arrival order, whichever ones are retained', () => {
    const reversed = [...files].reverse();
    const { spill, result } = collect(stream(reversed), { maxMatches: 2 });
    expect(spill).toBe(expectedSpill(reversed));
    expect(result.matches.map((match) => match.path)).toEqual(['a.ts', 'a.ts']);
  });

  it('spills every match, retained ones first, in the model text format', () => {
    const { spill } = collect(stream(files));
    expect(spill).toBe(expectedSpill(files));
  });

  it('spills nothing while the result fits the cap', () => {
    const { spill, result } = collect(stream(files), { maxMatches: 10 });
    expect(spill).toBe('');
    expect(result.matches).toHaveLength(6);
  });

  it('only counts past the cap when there is no spill', () => {
    const collector = new GrepCollector({ maxMatches: 1, previewBytes: 2000, showPath });
    const splitter = new RecordSplitter(0x0a, (buffer, start, end) => collector.record(buffer, start, end));
    splitter.push(Buffer.from(stream(files)));
    expect(collector.result()).toMatchObject({ total: 6, searched: true });
    expect(collector.result().matches).toHaveLength(1);
  });

  it('gives the same spill whatever the chunking', () => {
    const output = stream(files);
    const whole = collect(output, {}, 1 << 20).spill;
    for (const size of [1, 5, 64, 1000]) expect(collect(output, {}, size).spill).toBe(whole);
  });

  it('cuts long lines in the spill, centred on a match past the budget', () => {
    const long: FileLines[] = [
      { path: 'min.js', lines: ['x\n', 'y\n', 'z\n', `${'"a"'.repeat(3000)}needle${'b'.repeat(3000)}\n`, `needle${'c'.repeat(5000)}\n`] },
    ];
    const { spill } = collect(stream(long), { maxMatches: 3, previewBytes: 100 });
    const lines = spill.split('\n');
    const centred = lines[4]!;
    expect(centred.startsWith('  Line 4: …')).toBe(true);
    expect(centred).toContain('needle');
    expect(centred.endsWith(trailingCutMarker(100))).toBe(true);
    expect(lines[5]).toBe(`  Line 5: needle${'c'.repeat(94)}${trailingCutMarker(100)}`);
  });

  it('marks lines that are not UTF-8, retained or spilled', () => {
    const latin: FileLines[] = [{ path: 'l.txt', lines: [Buffer.from([0x63, 0xe9, 0x20, 0x6e, 0x65, 0x65, 0x64, 0x6c, 0x65, 0x0a]), Buffer.from([0xff, 0x0a])] }];
    const { result, spill } = collect(stream(latin), { maxMatches: 1 });
    expect(result.matches[0]).toEqual({ path: 'l.txt', lineNumber: 1, line: `${NOT_UTF8_MARKER}c\ufffd needle` });
    expect(spill).toBe(expectedSpill(latin));
  });

  it('shows non-UTF-8 paths lossily', () => {
    const output = [beginRecord(Buffer.from([0x2e, 0x2f, 0x61, 0xff])), matchRecord(Buffer.from([0x2e, 0x2f, 0x61, 0xff]), 1, 'needle\n', 'needle'), SUMMARY_RECORD].join('\n');
    expect(collect(output).result.matches[0]?.path).toBe('a\ufffd');
  });

  it('drops and counts the matches of a file the target says lies outside, in the result and the spill', () => {
    const files = [
      { path: 'a.txt', lines: ['needle 1\n', 'needle 2\n'] },
      { path: 'out/secret.txt', lines: ['needle secret\n', 'needle secret\n'] },
      { path: 'b.txt', lines: ['needle 3\n', 'needle 4\n'] },
    ];
    const { result, spill } = collect(stream(files), { reports: (path) => !path.toString().startsWith('./out/') });
    expect(result.matches.map((match) => match.line)).toEqual(['needle 1', 'needle 2', 'needle 3']);
    expect(result).toMatchObject({ total: 4, outside: 2 });
    expect(spill).toBe(expectedSpill([files[0]!, files[2]!]));
  });

  it('names the file ripgrep began and never ended, as shown, unless it lies outside', () => {
    const ended = stream([{ path: 'a.txt', lines: ['needle 1\n'] }]);
    expect(collect(ended).result.unfinishedFile).toBeUndefined();
    const cut = `${ended}${beginRecord('./dense.min.js')}\n`;
    expect(collect(cut).result.unfinishedFile).toBe('dense.min.js');
    expect(collect(cut, { reports: (path) => !path.toString().includes('dense') }).result.unfinishedFile).toBeUndefined();
  });

  it('does not see a summary when ripgrep wrote none', () => {
    expect(collect('').result).toEqual({ matches: [], total: 0, searched: false, outside: 0, longLines: 0 });
  });
});
