import { describe, expect, it } from 'vitest';
import { modelSetupFrom } from './model-setup';

const report = () => {};

describe('modelSetupFrom', () => {
  it('makes a driver when a key is set, showing only the model and base URL', () => {
    const setup = modelSetupFrom({ baseUrl: 'http://127.0.0.1:9' }, { DEEPSEEK_API_KEY: 'sk-x' }, report);
    expect(setup.kind).toBe('configured');
    if (setup.kind === 'configured') expect(setup.driver.info).toEqual({ model: 'deepseek-chat', baseUrl: 'http://127.0.0.1:9' });
  });

  it('is off without a key, and says when model flags are therefore ignored', () => {
    expect(modelSetupFrom({}, {}, report)).toEqual({ kind: 'off' });
    expect(modelSetupFrom({ model: 'm', baseUrl: 'http://x' }, {}, report)).toEqual({
      kind: 'off',
      notice: '--model, --base-url ignored: no API key (set TOOLCARDS_API_KEY or DEEPSEEK_API_KEY).',
    });
  });

  it('turns an unusable value into a message for the CLI', () => {
    expect(modelSetupFrom({ maxSteps: 'lots' }, { TOOLCARDS_API_KEY: 'k' }, report)).toMatchObject({
      kind: 'invalid',
      message: expect.stringContaining('--max-steps'),
    });
  });
});
