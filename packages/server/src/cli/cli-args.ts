import { editorFromText, EDITORS, type Editor } from '@toolcards/protocol/editors';
import { parseCommandLine, type CommandLineRefusal } from '@toolcards/tools/command-line';

/**
 * `toolcards` command line, parsed without side effects so every shape is
 * tested plainly. cli.ts does the I/O.
 */

export const DEFAULT_PORT = 3080;
export const DEFAULT_HOST = '127.0.0.1';

export interface ServeArgs {
  /** Positional folder; undefined → the current directory. */
  workspace: string | undefined;
  port: number;
  host: string;
  dataDir: string | undefined;
  /** undefined → decided by defaultOpen (TTY and not CI). */
  open: boolean | undefined;
  allowOutsideWorkspace: boolean;
  /** Model flags; the key itself is only ever read from the environment. */
  model: string | undefined;
  baseUrl: string | undefined;
  maxSteps: string | undefined;
  /** Tool calls executing at once; undefined → the server's default. */
  maxRunningTools: number | undefined;
  /** Replace the saved access token: every open tab and cookie is refused from then on. */
  rotateToken: boolean;
  /** The editor cards link to; undefined → TOOLCARDS_EDITOR, else the default (editor-setting.ts). */
  editor: Editor | undefined;
  /** Claude Code's config folder (holding projects/); undefined → $CLAUDE_CONFIG_DIR or ~/.claude; false: not watched. */
  claudeDir: string | false | undefined;
  /** Codex's home (holding sessions/); undefined → $CODEX_HOME or ~/.codex; false: not watched. */
  codexDir: string | false | undefined;
}

export type CliCommand =
  | { command: 'serve'; args: ServeArgs }
  /** Everything after `tool`, for runToolCommand. */
  | { command: 'tool'; argv: string[] }
  /** Everything after `export`, for runExportCommand. */
  | { command: 'export'; argv: string[] }
  | { command: 'help' }
  | { command: 'version' }
  | { command: 'invalid'; message: string };

export const USAGE = `Usage:
  toolcards [workspace] [options]        serve the workbench on a workspace folder
  toolcards tool <name> '<json>' [--workspace DIR] [--json]
                                         run one tool (read, grep, glob) and print its result
  toolcards export <session-id|path> [--out FILE] [--format html|md] [--from SEQ --to SEQ] [--no-mask]
                                         write a session as one HTML or Markdown file, secrets masked

Options:
  --port <n>                 port to listen on (default ${DEFAULT_PORT}; 0 picks a free one)
  --host <address>           address to bind (default ${DEFAULT_HOST}; anything else exposes
                             the workbench to your network, guarded only by the token)
  --data-dir <dir>           where sessions are kept (default $TOOLCARDS_HOME or ~/.toolcards)
  --open / --no-open         open the browser (default: open when run in a terminal, not in CI)
  --allow-outside-workspace  let tools read paths outside the workspace folder
  --rotate-token             replace the access token kept in the data dir (open tabs and
                             old URLs stop working; the new URL is printed)
  --model <name>             model (default deepseek-chat; env TOOLCARDS_MODEL)
  --base-url <url>           OpenAI-compatible API (default https://api.deepseek.com;
                             env TOOLCARDS_BASE_URL)
  --max-steps <n>            model steps per turn (default 50; env TOOLCARDS_MAX_STEPS)
  --max-running-tools <n>    tool calls running at once across all sessions (default 8);
                             more wait in order and show as queued
  --editor <name>            where "Open in editor" links go: ${EDITORS.join(', ')}
                             (default vscode; env TOOLCARDS_EDITOR; none hides the links)
  --claude-dir <dir>         Claude Code's folder whose projects/ sessions are listed, read-only
                             (default $CLAUDE_CONFIG_DIR or ~/.claude)
  --codex-dir <dir>          Codex's folder whose sessions/ are listed, read-only
                             (default $CODEX_HOME or ~/.codex)
  --no-claude / --no-codex   do not list that agent's sessions
  --no-agent-sessions        list neither (only toolcards' own sessions)
  -h, --help                 show this help
  -v, --version              print the version

The model's key comes from TOOLCARDS_API_KEY, else DEEPSEEK_API_KEY (never a flag).
Without a key the workbench still runs /read, /grep and /glob from the composer.

A workspace folder literally named "tool" is written ./tool.`;

const OPTIONS = {
  port: { type: 'string' },
  host: { type: 'string' },
  'data-dir': { type: 'string' },
  open: { type: 'boolean' },
  'allow-outside-workspace': { type: 'boolean' },
  'rotate-token': { type: 'boolean' },
  model: { type: 'string' },
  'base-url': { type: 'string' },
  'max-steps': { type: 'string' },
  'max-running-tools': { type: 'string' },
  editor: { type: 'string' },
  'claude-dir': { type: 'string' },
  'codex-dir': { type: 'string' },
  claude: { type: 'boolean' },
  codex: { type: 'boolean' },
  'agent-sessions': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const;

/** What each value option needs: said when the value is missing, and (with the value) when it is wrong. */
const NEEDS: Readonly<Record<string, string>> = {
  '--port': '--port needs a number from 0 to 65535',
  '--host': '--host needs an address, e.g. --host 127.0.0.1',
  '--data-dir': '--data-dir needs a folder',
  '--model': '--model needs a value (see --help)',
  '--base-url': '--base-url needs a value (see --help)',
  '--max-steps': '--max-steps needs a value (see --help)',
  '--max-running-tools': '--max-running-tools needs a whole number from 1 to 9999',
  '--editor': `--editor needs one of ${EDITORS.join(', ')}`,
  '--claude-dir': '--claude-dir needs a folder (Claude Code\'s, holding projects/)',
  '--codex-dir': '--codex-dir needs a folder (Codex\'s, holding sessions/)',
};

export function parseCliArgs(argv: readonly string[]): CliCommand {
  if (argv[0] === 'tool') return { command: 'tool', argv: argv.slice(1) };
  if (argv[0] === 'export') return { command: 'export', argv: argv.slice(1) };
  // `--no-open` is the negation of `--open`: the last of the two wins.
  const parsed = parseCommandLine({ args: argv, options: OPTIONS, allowNegative: true });
  if ('refused' in parsed) return invalid(refusalMessage(parsed));
  const { values, positionals } = parsed;
  if (values.help) return { command: 'help' };
  if (values.version) return { command: 'version' };
  if (positionals.length > 1) return invalid(`unexpected argument "${positionals[1]}": only one workspace folder can be given`);

  for (const name of ['host', 'data-dir', 'model', 'base-url', 'max-steps', 'editor', 'claude-dir', 'codex-dir'] as const) {
    // An empty `--host=` is as missing as a bare `--host`.
    if (values[name] === '') return invalid(needs(`--${name}`));
  }
  const port = values.port === undefined ? DEFAULT_PORT : wholeNumber('--port', values.port, 0, 65535);
  if (typeof port !== 'number') return port;
  const maxRunningTools = values['max-running-tools'] === undefined ? undefined : wholeNumber('--max-running-tools', values['max-running-tools'], 1, 9999);
  if (typeof maxRunningTools === 'object') return maxRunningTools;
  const editor = values.editor === undefined ? undefined : editorFromText(values.editor);
  if (values.editor !== undefined && editor === undefined) return invalid(`${needs('--editor')}, not "${values.editor}"`);
  const agents = values['agent-sessions'] !== false;

  return {
    command: 'serve',
    args: {
      workspace: positionals[0],
      port,
      host: values.host ?? DEFAULT_HOST,
      dataDir: values['data-dir'],
      open: values.open,
      allowOutsideWorkspace: values['allow-outside-workspace'] ?? false,
      model: values.model,
      baseUrl: values['base-url'],
      maxSteps: values['max-steps'],
      maxRunningTools,
      rotateToken: values['rotate-token'] ?? false,
      editor,
      claudeDir: !agents || values.claude === false ? false : values['claude-dir'],
      codexDir: !agents || values.codex === false ? false : values['codex-dir'],
    },
  };
}

function refusalMessage({ refused, option }: CommandLineRefusal): string {
  if (refused === 'unknown option') return `unknown option ${option}`;
  if (refused === 'unexpected value') return `${option} takes no value`;
  return needs(option);
}

function needs(option: string): string {
  return NEEDS[option] ?? `${option} needs a value`;
}

/** Digits only — no sign, point or exponent — from `min` to `max`. */
function wholeNumber(option: string, text: string, min: number, max: number): number | CliCommand {
  const value = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  return value >= min && value <= max ? value : invalid(`${needs(option)}, not "${text}"`);
}

function invalid(message: string): CliCommand {
  return { command: 'invalid', message };
}

/** Open a browser only for a person at a terminal: never in CI or when output is piped. */
export function defaultOpen(input: { isTTY: boolean | undefined; env: Record<string, string | undefined> }): boolean {
  const ci = input.env.CI;
  return input.isTTY === true && (ci === undefined || ci === '' || ci === '0' || ci.toLowerCase() === 'false');
}
