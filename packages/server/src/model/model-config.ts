import type { ModelInfo } from '@toolcards/protocol';

/**
 * Which model the server talks to: flags, then environment, then the DeepSeek
 * defaults. Pure. Without a key there is no model (the composer's /read, /grep,
 * /glob still work), so the result is `null` rather than an error.
 */

export const DEFAULT_BASE_URL = 'https://api.deepseek.com';
export const DEFAULT_MODEL = 'deepseek-chat';
export const DEFAULT_MAX_STEPS = 50;
const MAX_STEPS_CEILING = 1000;

/** Where the key came from; said in messages so a person knows which variable to fix. */
export type ApiKeySource = 'TOOLCARDS_API_KEY' | 'DEEPSEEK_API_KEY';

const INSPECT = Symbol.for('nodejs.util.inspect.custom');
const REDACTED = '[redacted]';

/**
 * The API key, wrapped so that printing, logging or serialising a config can
 * never show it: the value sits in a private field and every string form says
 * "[redacted]". Only the HTTP client gets `reveal()`.
 */
export class ModelApiKey {
  readonly #value: string;

  constructor(value: string) {
    this.#value = value;
  }

  reveal(): string {
    return this.#value;
  }

  toString(): string {
    return REDACTED;
  }

  toJSON(): string {
    return REDACTED;
  }

  [INSPECT](): string {
    return `ModelApiKey(${REDACTED})`;
  }
}

export interface ModelConfig {
  model: string;
  /** Without a trailing slash. */
  baseUrl: string;
  /** Model requests per turn before the turn ends with reason 'step-limit'. */
  maxSteps: number;
  apiKey: ModelApiKey;
  apiKeySource: ApiKeySource;
}

/** Values from the command line (`--model`, `--base-url`, `--max-steps`); no key flag, so it stays out of shell history and `ps`. */
export interface ModelFlags {
  model?: string | undefined;
  baseUrl?: string | undefined;
  maxSteps?: string | number | undefined;
}

export type ModelEnv = Readonly<Record<string, string | undefined>>;

/** A flag or variable that is set but unusable; the CLI prints the message and exits. */
export class ModelConfigError extends Error {
  override name = 'ModelConfigError';
}

export function modelConfigFrom(flags: ModelFlags, env: ModelEnv): ModelConfig | null {
  const key = apiKeyFrom(env);
  if (key === undefined) return null;
  return {
    model: modelFrom(flags, env),
    baseUrl: baseUrlFrom(flags, env),
    maxSteps: maxStepsFrom(flags, env),
    apiKey: new ModelApiKey(key.value),
    apiKeySource: key.source,
  };
}

/** What the browser may know about the model (`hello.model`): never the key. */
export function modelInfoOf(config: ModelConfig | null): ModelInfo | null {
  return config === null ? null : { model: config.model, baseUrl: config.baseUrl };
}

function apiKeyFrom(env: ModelEnv): { value: string; source: ApiKeySource } | undefined {
  const sources: ApiKeySource[] = ['TOOLCARDS_API_KEY', 'DEEPSEEK_API_KEY'];
  for (const source of sources) {
    const value = env[source]?.trim();
    if (value) return { value, source };
  }
  return undefined;
}

function firstSet(...values: (string | number | undefined)[]): string | undefined {
  for (const value of values) {
    if (value === undefined) continue;
    const text = String(value).trim();
    if (text !== '') return text;
  }
  return undefined;
}

function modelFrom(flags: ModelFlags, env: ModelEnv): string {
  return firstSet(flags.model, env.TOOLCARDS_MODEL) ?? DEFAULT_MODEL;
}

function baseUrlFrom(flags: ModelFlags, env: ModelEnv): string {
  const raw = firstSet(flags.baseUrl, env.TOOLCARDS_BASE_URL) ?? DEFAULT_BASE_URL;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ModelConfigError(`The model base URL "${raw}" is not a URL (set by --base-url or TOOLCARDS_BASE_URL).`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ModelConfigError(`The model base URL "${raw}" must start with http:// or https://.`);
  }
  if (url.username || url.password) {
    // Credentials in the URL would be printed with it (hello.model, start banner).
    throw new ModelConfigError('The model base URL must not contain credentials; put the key in TOOLCARDS_API_KEY.');
  }
  return url.href.replace(/\/+$/, '');
}

function maxStepsFrom(flags: ModelFlags, env: ModelEnv): number {
  const raw = firstSet(flags.maxSteps, env.TOOLCARDS_MAX_STEPS);
  if (raw === undefined) return DEFAULT_MAX_STEPS;
  const steps = Number(raw);
  if (!Number.isInteger(steps) || steps < 1 || steps > MAX_STEPS_CEILING) {
    throw new ModelConfigError(
      `The step limit "${raw}" must be a whole number from 1 to ${MAX_STEPS_CEILING} (set by --max-steps or TOOLCARDS_MAX_STEPS).`,
    );
  }
  return steps;
}
