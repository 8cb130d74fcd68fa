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
}

export type CliCommand =
  | { command: 'serve'; args: ServeArgs }
  /** Everything after `tool`, for runToolCommand. */
  | { command: 'tool'; argv: string[] }
  | { command: 'help' }
  | { command: 'version' }
  | { command: 'invalid'; message: string };

export const USAGE = `Usage:
  toolcards [workspace] [options]        serve the workbench on a workspace folder
  toolcards tool <name> '<json>' [--workspace DIR] [--json]
                                         run one tool (read, grep, glob) and print its result

Options:
  --port <n>                 port to listen on (default ${DEFAULT_PORT}; 0 picks a free one)
  --host <address>           address to bind (default ${DEFAULT_HOST}; anything else exposes
                             the workbench to your network, guarded only by the token)
  --data-dir <dir>           where sessions are kept (default $TOOLCARDS_HOME or ~/.toolcards)
  --open / --no-open         open the browser (default: open when run in a terminal, not in CI)
  --allow-outside-workspace  let tools read paths outside the workspace folder
  --model <name>             model (default deepseek-chat; env TOOLCARDS_MODEL)
  --base-url <url>           OpenAI-compatible API (default https://api.deepseek.com;
                             env TOOLCARDS_BASE_URL)
  --max-steps <n>            model steps per turn (default 50; env TOOLCARDS_MAX_STEPS)
  --max-running-tools <n>    tool calls running at once across all sessions (default 8);
                             more wait in order and show as queued
  -h, --help                 show this help
  -v, --version              print the version

The model's key comes from TOOLCARDS_API_KEY, else DEEPSEEK_API_KEY (never a flag).
Without a key the workbench still runs /read, /grep and /glob from the composer.

A workspace folder literally named "tool" is written ./tool.`;

export function parseCliArgs(argv: readonly string[]): CliCommand {
  if (argv[0] === 'tool') return { command: 'tool', argv: argv.slice(1) };
  const args: ServeArgs = {
    workspace: undefined,
    port: DEFAULT_PORT,
    host: DEFAULT_HOST,
    dataDir: undefined,
    open: undefined,
    allowOutsideWorkspace: false,
    model: undefined,
    baseUrl: undefined,
    maxSteps: undefined,
    maxRunningTools: undefined,
  };
  let onlyPositionals = false;
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index] as string;
    if (onlyPositionals || !arg.startsWith('-') || arg === '-') {
      if (args.workspace !== undefined) return invalid(`unexpected argument "${arg}": only one workspace folder can be given`);
      args.workspace = arg;
      continue;
    }
    if (arg === '--') {
      onlyPositionals = true;
      continue;
    }
    const equals = arg.indexOf('=');
    const name = equals === -1 ? arg : arg.slice(0, equals);
    const inline = equals === -1 ? undefined : arg.slice(equals + 1);
    const takeValue = (): string | undefined => {
      if (inline !== undefined) return inline;
      const next = argv[index + 1];
      if (next === undefined || (next.startsWith('-') && next !== '-')) return undefined;
      index += 1;
      return next;
    };
    const noValue = (): CliCommand | undefined => (inline === undefined ? undefined : invalid(`${name} takes no value`));
    switch (name) {
      case '-h':
      case '--help':
        return { command: 'help' };
      case '-v':
      case '--version':
        return { command: 'version' };
      case '--port': {
        const value = takeValue();
        const port = value === undefined || !/^\d{1,5}$/.test(value) ? Number.NaN : Number(value);
        if (!(port >= 0 && port <= 65535)) return invalid(`--port needs a number from 0 to 65535${value === undefined ? '' : `, not "${value}"`}`);
        args.port = port;
        break;
      }
      case '--host': {
        const value = takeValue();
        if (!value) return invalid('--host needs an address, e.g. --host 127.0.0.1');
        args.host = value;
        break;
      }
      case '--data-dir': {
        const value = takeValue();
        if (!value) return invalid('--data-dir needs a folder');
        args.dataDir = value;
        break;
      }
      case '--open':
      case '--no-open':
        if (inline !== undefined) return invalid(`${name} takes no value`);
        args.open = name === '--open';
        break;
      case '--allow-outside-workspace': {
        const refused = noValue();
        if (refused) return refused;
        args.allowOutsideWorkspace = true;
        break;
      }
      case '--max-running-tools': {
        const value = takeValue();
        const count = value === undefined || !/^\d{1,4}$/.test(value) ? 0 : Number(value);
        if (count < 1) return invalid(`--max-running-tools needs a whole number from 1 to 9999${value === undefined ? '' : `, not "${value}"`}`);
        args.maxRunningTools = count;
        break;
      }
      case '--model':
      case '--base-url':
      case '--max-steps': {
        const value = takeValue();
        if (!value) return invalid(`${name} needs a value (see --help)`);
        if (name === '--model') args.model = value;
        else if (name === '--base-url') args.baseUrl = value;
        else args.maxSteps = value;
        break;
      }
      default:
        return invalid(`unknown option ${name}`);
    }
  }
  return { command: 'serve', args };
}

function invalid(message: string): CliCommand {
  return { command: 'invalid', message };
}

/** Open a browser only for a person at a terminal: never in CI or when output is piped. */
export function defaultOpen(input: { isTTY: boolean | undefined; env: Record<string, string | undefined> }): boolean {
  const ci = input.env.CI;
  return input.isTTY === true && (ci === undefined || ci === '' || ci === '0' || ci.toLowerCase() === 'false');
}
