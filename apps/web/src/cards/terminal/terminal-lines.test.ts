import { describe, expect, it } from 'vitest';
import { cssColor, terminalLines, terminalOutput, terminalText } from './terminal-lines';

const ESC = '\u001b';
const texts = (output: string) => terminalLines(output).map((line) => line.text);

describe('terminalLines: lines', () => {
  it('no output is no line', () => {
    expect(terminalLines('')).toEqual([]);
  });

  it('splits on \\n and \\r\\n; a trailing newline does not add an empty line', () => {
    expect(texts('a\r\nb\nc\n')).toEqual(['a', 'b', 'c']);
  });

  it('keeps empty lines inside the output', () => {
    expect(texts('a\n\nb')).toEqual(['a', '', 'b']);
  });

  it('plain text is one unstyled span', () => {
    expect(terminalLines('hello')).toEqual([{ text: 'hello', spans: [{ text: 'hello' }] }]);
  });
});

describe('terminalLines: SGR styles', () => {
  it('the 16 named colours, as theme variables', () => {
    const [line] = terminalLines(`${ESC}[31mred${ESC}[0m ${ESC}[92mbright${ESC}[39m`);
    expect(line!.spans).toEqual([
      { text: 'red', fg: 'var(--tc-ansi-red)' },
      { text: ' ' },
      { text: 'bright', fg: 'var(--tc-ansi-bright-green)' },
    ]);
  });

  it('backgrounds', () => {
    expect(terminalLines(`${ESC}[44m x ${ESC}[49m`)[0]!.spans).toEqual([{ text: ' x ', bg: 'var(--tc-ansi-blue)' }]);
  });

  it('the 256-colour table: 0–15 named, the 6×6×6 cube, the grey ramp', () => {
    expect(terminalLines(`${ESC}[38;5;9ma${ESC}[38;5;196mb${ESC}[38;5;244mc`)[0]!.spans.map((span) => span.fg)).toEqual([
      'var(--tc-ansi-bright-red)',
      '#ff0000',
      '#808080',
    ]);
  });

  it('truecolor, with ; or : separators', () => {
    const [line] = terminalLines(`${ESC}[38;2;255;128;0ma${ESC}[48:2:1:2:3mb`);
    expect(line!.spans).toEqual([
      { text: 'a', fg: '#ff8000' },
      { text: 'b', fg: '#ff8000', bg: '#010203' },
    ]);
  });

  it('bold, dim, italic, underline, strikethrough, each reset on its own', () => {
    const [line] = terminalLines(`${ESC}[1;3;4mx${ESC}[22;23mY${ESC}[24;2;9mz`);
    expect(line!.spans).toEqual([
      { text: 'x', bold: true, italic: true, underline: true },
      { text: 'Y', underline: true },
      { text: 'z', dim: true, strike: true },
    ]);
  });

  it('inverse swaps the colours, the terminal defaults standing in for unset ones', () => {
    expect(terminalLines(`${ESC}[7mx${ESC}[31my`)[0]!.spans).toEqual([
      { text: 'x', fg: 'var(--tc-term-bg)', bg: 'var(--tc-term-fg)' },
      { text: 'y', fg: 'var(--tc-term-bg)', bg: 'var(--tc-ansi-red)' },
    ]);
  });

  it('a style carries over to the next line until it is reset, as in a terminal', () => {
    const lines = terminalLines(`${ESC}[32mone\ntwo${ESC}[0m\nthree`);
    expect(lines.map((line) => line.spans)).toEqual([[{ text: 'one', fg: 'var(--tc-ansi-green)' }], [{ text: 'two', fg: 'var(--tc-ansi-green)' }], [{ text: 'three' }]]);
  });
});

describe('terminalLines: everything else is dropped, never shown raw', () => {
  it.each([
    ['a cursor move before a letter m (the parser alone would eat "downloading m")', `${ESC}[2Cdownloading modules`, 'downloading modules'],
    ['cursor hide and show', `${ESC}[?25lbusy${ESC}[?25h`, 'busy'],
    ['an OSC window title ended by BEL', `${ESC}]0;my title\u0007prompt`, 'prompt'],
    ['an OSC 8 hyperlink ended by ST', `${ESC}]8;;https://example.com${ESC}\\link${ESC}]8;;${ESC}\\`, 'link'],
    ['a two-byte escape (charset selection)', `${ESC}(Bplain`, 'plain'],
    ['a lone ESC at the end', `text${ESC}`, 'text'],
    ['an unfinished CSI', `text${ESC}[31`, 'text'],
    ['a C1 CSI', 'a\u009b1Ab', 'ab'],
    ['BEL', 'done\u0007', 'done'],
  ])('%s', (_, output, text) => {
    const [line] = terminalLines(output);
    expect(line!.text).toBe(text);
    expect(JSON.stringify(line)).not.toMatch(/\\u001b|\\u009b|\\u0007/);
  });

  it('keeps other control characters for the card to show marked', () => {
    expect(texts('a\bb')).toEqual(['a\bb']);
  });
});

describe('terminalLines: carriage returns', () => {
  it('a progress line shows its last state', () => {
    expect(texts('10%\r50%\r100%\ndone')).toEqual(['100%', 'done']);
  });

  it('a shorter rewrite leaves the end of the longer one, as a terminal does', () => {
    expect(texts('abcdef\rxy')).toEqual(['xycdef']);
  });

  it('erase in line after the carriage return clears the rest', () => {
    expect(texts(`downloading 10 files\r${ESC}[Kdone`)).toEqual(['done']);
    expect(texts(`downloading 10 files\r${ESC}[2Kdone`)).toEqual(['done']);
  });

  it('a carriage return at the end of the line (\\r\\n, or a bar left as it was) keeps the line', () => {
    expect(texts('[####] 100%\r')).toEqual(['[####] 100%']);
  });

  it('a rewrite keeps the styles of both writes where they show', () => {
    const [line] = terminalLines(`${ESC}[31mXXXX${ESC}[0m\r${ESC}[32mok${ESC}[0m`);
    expect(line!.spans).toEqual([
      { text: 'ok', fg: 'var(--tc-ansi-green)' },
      { text: 'XX', fg: 'var(--tc-ansi-red)' },
    ]);
  });
});

describe('terminalText', () => {
  it('is the output without escapes, lines as they were left', () => {
    expect(terminalText(`${ESC}[1mBuild${ESC}[0m\n 10%\r100%\n`)).toBe('Build\n100%');
  });
});

describe('cssColor', () => {
  it('refuses a table index out of range', () => {
    expect(cssColor({ type: 'table', index: 300 })).toBeUndefined();
  });

  it('clamps truecolor channels', () => {
    expect(cssColor({ type: 'rgb', rgb: [300, -1, 16] })).toBe('#ff0010');
  });
});

describe('terminalOutput', () => {
  it('draws a line far down with the styles set hundreds of lines before, as the whole pass does', () => {
    const output = [`${ESC}[1;38;5;45mstart`, ...Array.from({ length: 700 }, (_, index) => (index === 300 ? `mid ${ESC}[22;4m` : `line ${index}`)), `${ESC}[0mend`].join('\n');
    const whole = terminalLines(output);
    const lazy = terminalOutput(output);
    expect(lazy.lineCount).toBe(702);
    // Asked out of order: the last block first.
    for (const index of [701, 650, 400, 302, 301, 0, 255, 256]) expect(lazy.line(index)).toEqual(whole[index]);
    expect(lazy.line(650).spans).toEqual([{ text: 'line 649', fg: '#00d7ff', underline: true }]);
    expect(lazy.line(100).spans).toEqual([{ text: 'line 99', fg: '#00d7ff', bold: true }]);
  });
});
