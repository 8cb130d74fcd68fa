import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { inner, lazySchema } from './lazy-schema';

describe('lazySchema', () => {
  it('builds the schema on first use, once', () => {
    let builds = 0;
    const schema = lazySchema(() => {
      builds += 1;
      return z.object({ id: z.string(), count: z.number().int().optional() });
    });
    expect(builds).toBe(0);
    expect(schema.safeParse({ id: 'a' }).success).toBe(true);
    expect(schema.safeParse({ id: 1 }).success).toBe(false);
    expect(schema.parse({ id: 'b', count: 2 })).toEqual({ id: 'b', count: 2 });
    expect(builds).toBe(1);
  });

  it('stands in for the schema wherever a caller looks', () => {
    const schema = lazySchema(() => z.object({ type: z.literal('a'), text: z.string() }));
    expect(schema instanceof z.ZodObject).toBe(true);
    expect(Object.keys(schema.shape)).toEqual(['type', 'text']);
    expect('safeParse' in schema).toBe(true);
    expect(schema.shape.type.value).toBe('a');
    // Built on from the outside, like any schema.
    expect(schema.extend({ more: z.boolean() }).parse({ type: 'a', text: 't', more: true })).toEqual({ type: 'a', text: 't', more: true });
    expect(z.array(schema).safeParse([{ type: 'a', text: '' }]).success).toBe(true);
    expect(schema.optional().parse(undefined)).toBeUndefined();
    const issues = schema.safeParse({ type: 'b' }).error?.issues.map((issue) => issue.path.join('.'));
    expect(issues).toEqual(['type', 'text']);
    expect(() => Object.getOwnPropertyDescriptors(schema)).not.toThrow();
    expect({ ...schema }).toBeTypeOf('object');
  });

  it('hands out the built schema itself to build others from', () => {
    const leaf = z.string();
    const schema = lazySchema(() => z.object({ id: leaf }));
    const built = inner(schema);
    expect(built).not.toBe(schema);
    expect(built.shape.id).toBe(leaf);
    expect(inner(schema)).toBe(built);
    expect(schema.shape).toBe(built.shape);
    expect(inner(leaf)).toBe(leaf);
  });
});
