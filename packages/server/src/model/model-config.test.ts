import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_STEPS, ModelConfigError, modelConfigFrom, modelInfoOf } from './model-config';

const KEY = 'sk-test-4f1c9e7a-secret';

describe('modelConfigFrom', () => {
  it('is null without a key, whatever else is set', () => {
    expect(modelConfigFrom({ model: 'm', baseUrl: 'http://x' }, {})).toBeNull();
    expect(modelConfigFrom({}, { TOOLCARDS_API_KEY: '   ', DEEPSEEK_API_KEY: '' })).toBeNull();
  });

  it('defaults to DeepSeek', () => {
    const config = modelConfigFrom({}, { TOOLCARDS_API_KEY: KEY });
    expect(config).toMatchObject({
      model: 'deepseek-chat',
      baseUrl: 'https://api.deepseek.com',
      maxSteps: DEFAULT_MAX_STEPS,
      apiKeySource: 'TOOLCARDS_API_KEY',
    });
    expect(config?.apiKey.reveal()).toBe(KEY);
  });

  it('falls back to DEEPSEEK_API_KEY, and TOOLCARDS_API_KEY wins when both are set', () => {
    expect(modelConfigFrom({}, { DEEPSEEK_API_KEY: KEY })?.apiKeySource).toBe('DEEPSEEK_API_KEY');
    const both = modelConfigFrom({}, { DEEPSEEK_API_KEY: 'other', TOOLCARDS_API_KEY: KEY });
    expect(both?.apiKey.reveal()).toBe(KEY);
    expect(both?.apiKeySource).toBe('TOOLCARDS_API_KEY');
  });

  it('takes flags over environment over defaults', () => {
    const env = {
      TOOLCARDS_API_KEY: KEY,
      TOOLCARDS_MODEL: 'env-model',
      TOOLCARDS_BASE_URL: 'https://env.example/v1/',
      TOOLCARDS_MAX_STEPS: '7',
    };
    expect(modelConfigFrom({}, env)).toMatchObject({ model: 'env-model', baseUrl: 'https://env.example/v1', maxSteps: 7 });
    expect(
      modelConfigFrom({ model: 'flag-model', baseUrl: 'http://127.0.0.1:9999', maxSteps: 3 }, env),
    ).toMatchObject({ model: 'flag-model', baseUrl: 'http://127.0.0.1:9999', maxSteps: 3 });
  });

  it('refuses unusable values with a message naming the flag and variable', () => {
    const env = { TOOLCARDS_API_KEY: KEY };
    expect(() => modelConfigFrom({ baseUrl: 'api.deepseek.com' }, env)).toThrow(/--base-url or TOOLCARDS_BASE_URL/);
    expect(() => modelConfigFrom({ baseUrl: 'ftp://x' }, env)).toThrow(ModelConfigError);
    expect(() => modelConfigFrom({ baseUrl: 'https://u:p@x' }, env)).toThrow(/credentials/);
    for (const maxSteps of ['0', '-1', '2.5', 'ten', '1001']) {
      expect(() => modelConfigFrom({ maxSteps }, env)).toThrow(/--max-steps or TOOLCARDS_MAX_STEPS/);
    }
  });

  it('never shows the key when the config is printed, logged or serialised', () => {
    const config = modelConfigFrom({}, { TOOLCARDS_API_KEY: KEY });
    const forms = [
      JSON.stringify(config),
      inspect(config, { depth: 10, showHidden: true }),
      String(config?.apiKey),
      `${config?.apiKey}`,
      JSON.stringify(modelInfoOf(config)),
    ];
    for (const form of forms) expect(form).not.toContain(KEY);
    expect(JSON.stringify(config)).toContain('[redacted]');
  });

  it('tells the browser only the model and base URL', () => {
    const config = modelConfigFrom({ model: 'm' }, { TOOLCARDS_API_KEY: KEY });
    expect(modelInfoOf(config)).toEqual({ model: 'm', baseUrl: 'https://api.deepseek.com' });
    expect(modelInfoOf(null)).toBeNull();
  });
});
