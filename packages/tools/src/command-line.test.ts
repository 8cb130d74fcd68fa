import { describe, expect, it } from 'vitest';
import { parseCommandLine } from './command-line';

const options = { dir: { type: 'string' }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } as const;
const parse = (...args: string[]) => parseCommandLine({ args, options });

describe('parseCommandLine', () => {
  it('returns what parseArgs does, positionals allowed', () => {
    expect(parse('a', '--dir', 'd', '--json', '--', '--b')).toEqual({ values: { dir: 'd', json: true }, positionals: ['a', '--b'] });
    expect(parse('--dir=-x', '-h', '-')).toEqual({ values: { dir: '-x', help: true }, positionals: ['-'] });
  });

  // These pin Node's wording: parseArgs names the option only in its messages.
  it.each<[string[], { refused: string; option: string }]>([
    [['--frob'], { refused: 'unknown option', option: '--frob' }],
    [['--frob=1'], { refused: 'unknown option', option: '--frob' }],
    [['-x'], { refused: 'unknown option', option: '-x' }],
    [['--dir'], { refused: 'missing value', option: '--dir' }],
    [['--dir', '--json'], { refused: 'missing value', option: '--dir' }],
    [['--json=yes'], { refused: 'unexpected value', option: '--json' }],
    [['--help=1'], { refused: 'unexpected value', option: '--help' }],
  ])('refuses %j as a value, never by throwing', (args, refusal) => {
    expect(parse(...args)).toEqual(refusal);
  });
});
