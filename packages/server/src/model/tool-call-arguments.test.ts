import { describe, expect, it } from 'vitest';
import { argumentsProblem, toolCallArgs } from './tool-call-arguments';

describe('toolCallArgs', () => {
  it('parses a JSON object and treats empty text as no arguments', () => {
    expect(toolCallArgs('{"path":"a.ts","offset":3}')).toEqual({ path: 'a.ts', offset: 3 });
    expect(toolCallArgs('  ')).toEqual({});
  });

  it('keeps anything else as the text the model sent', () => {
    for (const text of ['{"path": "a.ts"', "{path: 'a.ts'}", '"a.ts"', '[1]', 'null']) expect(toolCallArgs(text)).toBe(text);
  });
});

describe('argumentsProblem', () => {
  it('is undefined for parsed arguments', () => {
    expect(argumentsProblem('read', { path: 'a.ts' })).toBeUndefined();
  });

  it('says whether the text was broken JSON or JSON of the wrong kind', () => {
    expect(argumentsProblem('read', '{"path": ')).toMatch(/^The arguments you sent for read are not valid JSON \(.+\)\. Call read again/);
    expect(argumentsProblem('grep', '["x"]')).toBe(
      'The arguments you sent for grep are not a JSON object. Call grep again with one JSON object that matches its parameters schema.',
    );
  });
});
