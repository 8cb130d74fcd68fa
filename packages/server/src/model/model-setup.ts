import type { ModelDriver } from './model-driver';
import { ModelConfigError, modelConfigFrom, modelInfoOf, type ModelConfig, type ModelEnv, type ModelFlags } from './model-config';

/**
 * What the CLI needs from the model flags and environment, in one call: a
 * driver, no model (no key; tools still work), or a message to exit with.
 */
export type ModelSetup =
  | { kind: 'configured'; driver: ModelDriver }
  /** `notice`: flags were given that have no effect without a key. */
  | { kind: 'off'; notice?: string }
  | { kind: 'invalid'; message: string };

export function modelSetupFrom(flags: ModelFlags, env: ModelEnv, report: (message: string) => void): ModelSetup {
  let config;
  try {
    config = modelConfigFrom(flags, env);
  } catch (error) {
    if (error instanceof ModelConfigError) return { kind: 'invalid', message: error.message };
    throw error;
  }
  if (config === null) {
    const given = [flags.model && '--model', flags.baseUrl && '--base-url', flags.maxSteps !== undefined && '--max-steps'].filter(Boolean);
    return given.length === 0
      ? { kind: 'off' }
      : { kind: 'off', notice: `${given.join(', ')} ignored: no API key (set TOOLCARDS_API_KEY or DEEPSEEK_API_KEY).` };
  }
  return { kind: 'configured', driver: lazyOpenAiModelDriver(config, report) };
}

/**
 * The OpenAI-compatible driver, its `openai` client and the agent loop loaded at the first
 * turn, not at start-up: a start with a key is as quick as one without (the banner needs only
 * the model's info). A failed load is retried at the next turn.
 */
function lazyOpenAiModelDriver(config: ModelConfig, report: (message: string) => void): ModelDriver {
  const info = modelInfoOf(config);
  if (info === null) throw new Error('unreachable: a ModelConfig always has model info');
  let driver: Promise<ModelDriver> | undefined;
  const loaded = () =>
    (driver ??= import('./openai-model-driver').then(
      ({ createOpenAiModelDriver }) => createOpenAiModelDriver({ config, report }),
      (error: unknown) => {
        driver = undefined;
        throw error;
      },
    ));
  return {
    info,
    async runTurn(input) {
      return (await loaded()).runTurn(input);
    },
  };
}
