import type { TerminalResultView } from '@toolcards/protocol';

/** Terminal card views for stories, tests and benches: one per state the card draws. */

const ESC = '\u001b';

function numberedLines(count: number, text: (line: number) => string): string {
  return `${Array.from({ length: count }, (_, index) => text(index + 1)).join('\n')}\n`;
}

const success: TerminalResultView = {
  card: 'terminal',
  command: 'npm run build && ls -la dist/',
  cwd: '/home/dev/project',
  exitCode: 0,
  durationMs: 2_340,
  output: `> project@1.0.0 build\n> vite build\n\n${ESC}[32m✓${ESC}[39m 42 modules transformed.\ndist/index.html   0.46 kB\ndist/assets/index.js  143.20 kB\n`,
  truncated: false,
};

const nonZeroExit: TerminalResultView = {
  card: 'terminal',
  command: 'npm test -- --run src/parser.test.ts',
  cwd: '/home/dev/project',
  exitCode: 1,
  durationMs: 5_120,
  output: ` ${ESC}[31m×${ESC}[39m parser > reads a quoted string\n   → expected 'a"b' to be 'a\\"b'\n\n Test Files  ${ESC}[1;31m1 failed${ESC}[0m (1)\n`,
  stderr: 'npm error Lifecycle script `test` failed with error:\nnpm error code 1\n',
  truncated: false,
};

const killed: TerminalResultView = {
  card: 'terminal',
  command: 'node scripts/watch.mjs',
  exitCode: null,
  signal: 'SIGKILL',
  durationMs: 120_000,
  output: 'watching src/ for changes…\nrebuilt in 210 ms\n',
  truncated: false,
};

const interrupted: TerminalResultView = {
  card: 'terminal',
  command: 'sleep 600',
  exitCode: 130,
  signal: 'SIGINT',
  interrupted: true,
  durationMs: 4_200,
  output: '',
  truncated: false,
};

const emptyOutput: TerminalResultView = {
  card: 'terminal',
  command: 'mkdir -p build/cache',
  exitCode: 0,
  durationMs: 8,
  output: '',
  truncated: false,
};

const longOutput: TerminalResultView = {
  card: 'terminal',
  command: 'find . -name "*.ts" -exec wc -l {} +',
  cwd: '/home/dev/monorepo',
  exitCode: 0,
  durationMs: 1_870,
  output: numberedLines(20_000, (line) => `   ${String(line * 7).padStart(5)} ./packages/pkg-${line % 97}/src/module-${line}.ts`),
  truncated: false,
};

const ansiColours: TerminalResultView = {
  card: 'terminal',
  command: 'printf "\\e[31mred\\e[0m …"',
  exitCode: 0,
  output: [
    `${ESC}[30mblack${ESC}[0m ${ESC}[31mred${ESC}[0m ${ESC}[32mgreen${ESC}[0m ${ESC}[33myellow${ESC}[0m ${ESC}[34mblue${ESC}[0m ${ESC}[35mmagenta${ESC}[0m ${ESC}[36mcyan${ESC}[0m ${ESC}[37mwhite${ESC}[0m`,
    `${ESC}[90mbright-black${ESC}[0m ${ESC}[91mbright-red${ESC}[0m ${ESC}[92mbright-green${ESC}[0m ${ESC}[94mbright-blue${ESC}[0m`,
    `${ESC}[38;5;208mtable 208${ESC}[0m ${ESC}[38;5;45mtable 45${ESC}[0m ${ESC}[48;5;236;38;5;231m on grey ${ESC}[0m`,
    `${ESC}[38;2;255;105;180mtruecolor hot pink${ESC}[0m ${ESC}[48;2;0;64;0mtruecolor background${ESC}[0m`,
    `${ESC}[1mbold${ESC}[0m ${ESC}[2mdim${ESC}[0m ${ESC}[3mitalic${ESC}[0m ${ESC}[4munderline${ESC}[0m ${ESC}[7minverse${ESC}[0m ${ESC}[9mstruck${ESC}[0m`,
    `${ESC}[?25l${ESC}[2Kcursor codes dropped${ESC}[?25h ${ESC}]0;window title\u0007and a title too`,
  ].join('\n'),
  truncated: false,
};

const crProgress: TerminalResultView = {
  card: 'terminal',
  command: 'npm install',
  exitCode: 0,
  durationMs: 14_400,
  output: `${['[          ] 0%', '[###       ] 30%', '[######    ] 60%', '[##########] 100%'].join('\r')}\n${ESC}[2K\rdownloading 1/3\r${ESC}[2Kdownloading 3/3\r${ESC}[2Kadded 214 packages in 14s\n`,
  truncated: false,
};

const megabyteLine: TerminalResultView = {
  card: 'terminal',
  command: 'cat dist/bundle.min.js',
  exitCode: 0,
  output: `${'var a=1;'.repeat(131_072)}\n`,
  truncated: true,
  spillPath: '/home/dev/.toolcards/spill/bash-17.txt',
};

/** Hidden characters in a command and its output: shown as chips, as on every card. */
const hiddenCharacters: TerminalResultView = {
  card: 'terminal',
  command: 'echo "access\u202e level"',
  exitCode: 0,
  output: 'access\u202e level\nzero\u200bwidth\n',
  truncated: false,
};

export const terminalFixtures = { success, nonZeroExit, killed, interrupted, emptyOutput, longOutput, ansiColours, crProgress, megabyteLine, hiddenCharacters };
