import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeZodIssues } from './zod-issues';

function issuesOf(schema: z.ZodType, value: unknown) {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error('expected a failed parse');
  return parsed.error.issues;
}

describe('describeZodIssues', () => {
  it('gives a root issue its message alone', () => {
    expect(describeZodIssues(issuesOf(z.object({}), 'x'))).toBe('Invalid input: expected object, received string');
  });

  it('names nested keys and array indices with dots', () => {
    const schema = z.object({ files: z.array(z.object({ path: z.string() })) });
    expect(describeZodIssues(issuesOf(schema, { files: [{ path: 'a' }, { path: 3 }] }))).toBe(
      'files.1.path: Invalid input: expected string, received number',
    );
  });

  it('lists several issues, in order', () => {
    const schema = z.object({ a: z.string(), b: z.number() });
    expect(describeZodIssues(issuesOf(schema, { a: 1, b: 'x' }))).toBe(
      'a: Invalid input: expected string, received number; b: Invalid input: expected number, received string',
    );
  });

  it('lists five issues and counts the rest', () => {
    const issues = Array.from({ length: 7 }, (_, index) => ({ path: ['k', index], message: 'bad' }));
    expect(describeZodIssues(issues)).toBe('k.0: bad; k.1: bad; k.2: bad; k.3: bad; k.4: bad; and 2 more');
  });

  it('says "invalid" when there is no issue to name', () => {
    expect(describeZodIssues([])).toBe('invalid');
  });
});
