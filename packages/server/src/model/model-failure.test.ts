import { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import { describe, expect, it } from 'vitest';
import { classifyModelFailure, modelFailureMessage, retryAfterMs, type ModelFailure } from './model-failure';

const NOW = Date.parse('2025-06-01T12:00:00Z');
const before = { receivedOutput: false, now: NOW };
const midAnswer = { receivedOutput: true, now: NOW };
const apiError = (status: number, message = 'nope', headers: Record<string, string> = {}) =>
  APIError.generate(status, { error: { message } }, undefined, new Headers(headers));
const context = { model: 'deepseek-chat', baseUrl: 'https://api.deepseek.com', attempts: 1, keyVariable: 'TOOLCARDS_API_KEY' };

describe('classifyModelFailure', () => {
  it('sorts HTTP statuses into what the retry policy and the reader need', () => {
    expect(classifyModelFailure(apiError(401), before)).toEqual({ kind: 'key-refused', status: 401, detail: 'nope' });
    expect(classifyModelFailure(apiError(403), before)).toMatchObject({ kind: 'key-refused', status: 403 });
    expect(classifyModelFailure(apiError(429, 'slow down', { 'retry-after': '2' }), before)).toEqual({
      kind: 'rate-limited',
      retryAfterMs: 2000,
      detail: 'slow down',
    });
    expect(classifyModelFailure(apiError(503), before)).toMatchObject({ kind: 'server-error', status: 503 });
    expect(classifyModelFailure(apiError(408), before)).toMatchObject({ kind: 'server-error', status: 408 });
    expect(classifyModelFailure(apiError(404), before)).toMatchObject({ kind: 'request-refused', status: 404 });
    expect(classifyModelFailure(apiError(402, 'Insufficient Balance'), before)).toMatchObject({
      kind: 'request-refused',
      detail: 'Insufficient Balance',
    });
  });

  it('tells a connection that never answered from one that broke mid-answer', () => {
    const refused = new APIConnectionError({ cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' }) });
    expect(classifyModelFailure(refused, before)).toEqual({ kind: 'network', detail: 'connect ECONNREFUSED 127.0.0.1:9' });
    expect(classifyModelFailure(new APIConnectionTimeoutError(), before)).toMatchObject({ kind: 'network' });
    const terminated = new TypeError('terminated', { cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }) });
    expect(classifyModelFailure(terminated, midAnswer)).toEqual({ kind: 'stream-dropped', detail: 'other side closed' });
    expect(classifyModelFailure(terminated, before)).toMatchObject({ kind: 'network' });
  });

  it('treats an error object inside the stream and anything else as unexpected', () => {
    expect(classifyModelFailure(new APIError(undefined, { message: 'overloaded' }, undefined, new Headers()), midAnswer)).toEqual({
      kind: 'unexpected',
      detail: 'overloaded',
    });
    expect(classifyModelFailure(new SyntaxError('Unexpected token'), midAnswer)).toEqual({ kind: 'unexpected', detail: 'Unexpected token' });
  });
});

describe('modelFailureMessage', () => {
  const message = (failure: ModelFailure, attempts = 1) => modelFailureMessage(failure, { ...context, attempts });

  it('names the variable to fix when the key is refused, and never echoes the API text for 401', () => {
    expect(message({ kind: 'key-refused', status: 401, detail: 'Authentication Fails, Your api key: ****abcd is invalid' })).toBe(
      'The model API refused the key (401). Check TOOLCARDS_API_KEY.',
    );
    expect(modelFailureMessage({ kind: 'key-refused', status: 401, detail: '' }, { ...context, keyVariable: 'DEEPSEEK_API_KEY' })).toContain(
      'DEEPSEEK_API_KEY',
    );
  });

  it('says how often it tried and how long the API asked to wait', () => {
    expect(message({ kind: 'rate-limited', retryAfterMs: 120_000, detail: 'Rate limit reached.' })).toBe(
      'The model API is rate limiting requests (429) and asked to wait 120 s: Rate limit reached. Wait a moment, then send your message again.',
    );
    expect(message({ kind: 'server-error', status: 503, detail: 'Service Unavailable' }, 5)).toBe(
      'The model API failed (HTTP 503) after 5 tries: Service Unavailable. Try again later.',
    );
    expect(message({ kind: 'network', detail: 'connect ECONNREFUSED 127.0.0.1:9' }, 3)).toBe(
      'Cannot reach the model API at https://api.deepseek.com after 3 tries: connect ECONNREFUSED 127.0.0.1:9. Check the network and TOOLCARDS_BASE_URL.',
    );
  });

  it('points at the model name on 404 and keeps the partial answer on a dropped stream', () => {
    expect(message({ kind: 'request-refused', status: 404, detail: 'Model Not Exist' })).toContain('TOOLCARDS_MODEL ("deepseek-chat")');
    expect(message({ kind: 'stream-dropped', detail: 'other side closed' })).toBe(
      'The connection to the model API dropped mid-answer: other side closed. What arrived is kept; send a message to continue.',
    );
    expect(message({ kind: 'unexpected', detail: '' })).toBe('The model request failed.');
  });
});

describe('retryAfterMs', () => {
  const headers = (values: Record<string, string>) => new Headers(values);
  it('reads milliseconds, seconds and HTTP dates; ignores what it cannot read', () => {
    expect(retryAfterMs(headers({ 'retry-after-ms': '250', 'retry-after': '9' }), NOW)).toBe(250);
    expect(retryAfterMs(headers({ 'retry-after': '3' }), NOW)).toBe(3000);
    expect(retryAfterMs(headers({ 'retry-after': new Date(NOW + 5000).toUTCString() }), NOW)).toBe(5000);
    expect(retryAfterMs(headers({ 'retry-after': new Date(NOW - 5000).toUTCString() }), NOW)).toBe(0);
    expect(retryAfterMs(headers({ 'retry-after': 'soon' }), NOW)).toBeUndefined();
    expect(retryAfterMs(headers({}), NOW)).toBeUndefined();
    expect(retryAfterMs(undefined, NOW)).toBeUndefined();
  });
});
