import { describe, expect, it } from 'vitest';
import { openLocationRequest, requestIndexForCall, sameJson } from './open-location-request';

describe('openLocationRequest', () => {
  it('reads ten lines above the target line, never before line 1', () => {
    expect(openLocationRequest({ path: 'src/a.ts', line: 120 }, 7)).toEqual({ name: 'read', args: { path: 'src/a.ts', offset: 110 }, targetLine: 120, afterSeq: 7 });
    expect(openLocationRequest({ path: 'src/a.ts', line: 4 }, 7).args).toEqual({ path: 'src/a.ts', offset: 1 });
    expect(openLocationRequest({ path: 'src/a.ts', line: 11 }, 7).args).toEqual({ path: 'src/a.ts', offset: 1 });
  });

  it('reads from the top when there is no usable line', () => {
    for (const line of [undefined, 0, -4, 2.5, Number.NaN]) {
      const request = openLocationRequest(line === undefined ? { path: 'a' } : { path: 'a', line }, -1);
      expect(request).toEqual({ name: 'read', args: { path: 'a' }, afterSeq: -1 });
    }
  });
});

describe('requestIndexForCall', () => {
  const requests = [openLocationRequest({ path: 'a.ts', line: 50 }, 10), openLocationRequest({ path: 'b.ts' }, 12)];

  it('matches a later user-origin call with the same name and args, whatever the key order', () => {
    expect(requestIndexForCall(requests, { seq: 11, name: 'read', args: { offset: 40, path: 'a.ts' }, origin: 'user' })).toBe(0);
    expect(requestIndexForCall(requests, { seq: 13, name: 'read', args: { path: 'b.ts' }, origin: 'user' })).toBe(1);
  });

  it('ignores calls from the model, from before the request, or with other args or tool', () => {
    expect(requestIndexForCall(requests, { seq: 11, name: 'read', args: { path: 'a.ts', offset: 40 }, origin: 'model' })).toBe(-1);
    expect(requestIndexForCall(requests, { seq: 10, name: 'read', args: { path: 'a.ts', offset: 40 }, origin: 'user' })).toBe(-1);
    expect(requestIndexForCall(requests, { seq: 11, name: 'read', args: { path: 'a.ts', offset: 41 }, origin: 'user' })).toBe(-1);
    expect(requestIndexForCall(requests, { seq: 11, name: 'read', args: { path: 'a.ts', offset: 40, limit: 5 }, origin: 'user' })).toBe(-1);
    expect(requestIndexForCall(requests, { seq: 11, name: 'grep', args: { path: 'a.ts', offset: 40 }, origin: 'user' })).toBe(-1);
    expect(requestIndexForCall(requests, { seq: 13, name: 'read', args: { path: 'b.ts', offset: 1 }, origin: 'user' })).toBe(-1);
    expect(requestIndexForCall([], { seq: 13, name: 'read', args: { path: 'b.ts' }, origin: 'user' })).toBe(-1);
  });

  it('answers the oldest of two identical requests first', () => {
    const twice = [openLocationRequest({ path: 'b.ts' }, 1), openLocationRequest({ path: 'b.ts' }, 2)];
    expect(requestIndexForCall(twice, { seq: 3, name: 'read', args: { path: 'b.ts' }, origin: 'user' })).toBe(0);
  });
});

describe('sameJson', () => {
  it('compares deeply', () => {
    expect(sameJson({ a: [1, { b: null }], c: 'x' }, { c: 'x', a: [1, { b: null }] })).toBe(true);
    expect(sameJson([1, 2], [2, 1])).toBe(false);
    expect(sameJson({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(sameJson({ a: [] }, { a: {} })).toBe(false);
    expect(sameJson(null, {})).toBe(false);
    expect(sameJson('1', 1)).toBe(false);
  });
});
