import { parseArgs, type ParseArgsConfig } from 'node:util';

/** An option `parseArgs` refused, so each command can say so in its own words. */
export interface CommandLineRefusal {
  refused: 'unknown option' | 'missing value' | 'unexpected value';
  /** As parseArgs names it, e.g. `--port`, `-x`. */
  option: string;
}

type CommandLineConfig = Omit<ParseArgsConfig, 'strict' | 'allowPositionals' | 'tokens'>;
type StrictConfig<T extends CommandLineConfig> = T & { strict: true; allowPositionals: true };

// parseArgs names the option only in its message, quoted first (the long name after a short alias):
// `Unknown option '--x'`, `Option '--port <value>' argument missing`, `Option '-h, --help' does not take an argument`.
const QUOTED_OPTION = /'(?:-\w, )?(-{1,2}[^'\s]+)/;

/**
 * Node's `parseArgs`, strict, with its refusals as values: an unknown option, a string
 * option without a value (or with one starting with a dash: write `--opt=-x`), a boolean
 * option given one. Positionals are always allowed: each command counts its own.
 */
export function parseCommandLine<const T extends CommandLineConfig>(config: T): ReturnType<typeof parseArgs<StrictConfig<T>>> | CommandLineRefusal {
  try {
    return parseArgs<StrictConfig<T>>({ ...config, strict: true, allowPositionals: true });
  } catch (error) {
    const refusal = refusalFrom(error, config.options ?? {});
    if (refusal === undefined) throw error;
    return refusal;
  }
}

function refusalFrom(error: unknown, options: NonNullable<ParseArgsConfig['options']>): CommandLineRefusal | undefined {
  const code = (error as { code?: unknown } | undefined)?.code;
  const option = error instanceof Error ? QUOTED_OPTION.exec(error.message)?.[1] : undefined;
  if (option === undefined) return undefined;
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return { refused: 'unknown option', option };
  if (code !== 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') return undefined;
  const { type } = options[option.replace(/^--?/, '')] ?? {};
  return { refused: type === 'boolean' ? 'unexpected value' : 'missing value', option };
}
