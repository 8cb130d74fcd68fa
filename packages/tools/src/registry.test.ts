import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonValue } from '@toolcards/protocol';
import { argsForView, findTool, presentCall, presentResult, runTool, TOOL_NAMES, toolSpecs, type PresenterFailure } from './registry';
import { buildFixtureWorkspace, FIXTURE, textOf, type FixtureWorkspace } from './test-support/fixture-workspace';
import type { ToolContext, ToolResult } from './tool';

let fixture: FixtureWorkspace;
beforeAll(async () => {
  fixture = await buildFixtureWorkspace();
});
afterAll(() => fixture.cleanup());

function expectErrorResult(result: ToolResult, code: string): string {
  expect(result.isError).toBe(true);
  expect(result.error?.code).toBe(code);
  expect(result.content).toEqual([{ type: 'text', text: result.error!.message }]);
  expect(result).not.toHaveProperty('meta');
  return result.error!.message;
}

describe('TOOL_NAMES and toolSpecs', () => {
  it('lists read, grep and glob with a JSON Schema each', () => {
    expect(TOOL_NAMES).toEqual(['read', 'grep', 'glob']);
    const specs = toolSpecs();
    expect(specs.map((spec) => spec.name)).toEqual(['read', 'grep', 'glob']);
    for (const spec of specs) {
      expect(spec.description.length).toBeGreaterThan(40);
      expect(spec.parameters).toMatchObject({ type: 'object', additionalProperties: false });
      expect(spec.parameters).not.toHaveProperty('$schema');
      expect(JSON.stringify(spec.parameters)).not.toContain(String(Number.MAX_SAFE_INTEGER));
    }
    expect(specs[0]!.parameters).toMatchObject({
      required: ['path'],
      properties: { path: { type: 'string' }, offset: { type: 'integer', minimum: 1 }, limit: { type: 'integer', minimum: 1 } },
    });
    expect(specs[1]!.parameters).toMatchObject({ required: ['pattern'], properties: { pattern: {}, path: {}, include: {} } });
    expect(specs[2]!.parameters).toMatchObject({ required: ['pattern'], properties: { pattern: {}, path: {} } });
  });

  it('hands out copies the caller may change', () => {
    (toolSpecs()[0]!.parameters as { type: string }).type = 'changed';
    expect(toolSpecs()[0]!.parameters.type).toBe('object');
  });
});

describe('runTool', () => {
  it('runs a tool by name', async () => {
    const result = await runTool('read', { path: FIXTURE.crlf }, fixture.context());
    expect(result.isError).toBe(false);
    expect(textOf(result)).toContain('1: first needle');
  });

  it('answers an unknown tool with TOOL_UNKNOWN', async () => {
    const message = expectErrorResult(await runTool('write', { path: 'x' }, fixture.context()), 'TOOL_UNKNOWN');
    expect(message).toBe('Unknown tool "write". Available tools: read, grep, glob.');
    expectErrorResult(await runTool('__proto__', {}, fixture.context()), 'TOOL_UNKNOWN');
  });

  it.each<[string, string, JsonValue, RegExp]>([
    ['a missing field', 'grep', {}, /^Invalid arguments for grep: pattern: /],
    ['a wrong type', 'read', { path: 3 }, /path: Invalid input: expected string, received number/],
    ['a zero offset', 'read', { path: 'a', offset: 0 }, /offset: Too small/],
    ['a fractional limit', 'read', { path: 'a', limit: 1.5 }, /limit: /],
    ['an unknown field', 'read', { path: 'a', ofset: 3 }, /Unrecognized key: "ofset"/],
    ['an empty pattern', 'glob', { pattern: '' }, /pattern: /],
    ['args that are not an object', 'grep', ['x'], /expected object/],
    ['null args', 'grep', null, /expected object/],
  ])('answers %s with TOOL_INVALID_ARGS naming the field', async (_, name, args, message) => {
    expect(expectErrorResult(await runTool(name, args, fixture.context()), 'TOOL_INVALID_ARGS')).toMatch(message);
  });

  it('treats a null field as absent (models send null for "not given")', async () => {
    const result = await runTool('read', { path: FIXTURE.crlf, offset: null, limit: null }, fixture.context());
    expect(result.isError).toBe(false);
  });

  it('does not start a cancelled call', async () => {
    const controller = new AbortController();
    controller.abort();
    expectErrorResult(await runTool('read', { path: FIXTURE.crlf }, fixture.context({ signal: controller.signal })), 'TOOL_ABORTED');
  });

  it('turns an unexpected exception into TOOL_FAILED, never a rejection', async () => {
    const context: ToolContext = {
      ...fixture.context(),
      workspace: {
        root: '/',
        display: (absolute) => absolute,
        contains: () => true,
        resolve: () => {
          throw new Error('disk on fire');
        },
      },
    };
    expect(expectErrorResult(await runTool('read', { path: 'a' }, context), 'TOOL_FAILED')).toBe('read failed unexpectedly: disk on fire');
  });
});

describe('presentCall', () => {
  it("uses the tool's presenter for good args", () => {
    expect(presentCall('grep', { pattern: 'foo', path: 'src', include: '*.ts' })).toMatchObject({ title: 'Grep foo in src (*.ts)', kind: 'search' });
    expect(presentCall('read', { path: 'src/a.ts', offset: 10, limit: 31 }).title).toBe('Read src/a.ts (10 - 40)');
    expect(presentCall('glob', { pattern: '**/*.ts', path: 'src' }).title).toBe('Glob **/*.ts in src');
  });

  it("titles another agent's shell call by its command, not the tool's name", () => {
    expect(presentCall('Bash', { command: 'npm test -- --run\necho done', description: 'Run the tests' })).toEqual({ card: 'generic', title: 'npm test -- --run' });
    expect(presentCall('exec_command', { cmd: 'rg -n needle src' })).toEqual({ card: 'generic', title: 'rg -n needle src' });
    expect(presentCall('Bash', { command: '  ' })).toEqual({ card: 'generic', title: 'Bash' });
    expect(presentCall('Bash', { command: 'x'.repeat(300) }).title).toHaveLength(200);
  });

  it('falls back to a generic view titled with the tool name', () => {
    expect(presentCall('write', { path: 'x' })).toEqual({ card: 'generic', title: 'write' });
    expect(presentCall('toString', {})).toEqual({ card: 'generic', title: 'toString' });
    expect(presentCall('read', { path: 7 })).toEqual({ card: 'generic', title: 'read', kind: 'read' });
    expect(presentCall('grep', 'not an object')).toEqual({ card: 'generic', title: 'grep', kind: 'search' });
  });
});

describe('presentResult', () => {
  it('declines an unknown tool, bad args and a presenter that throws', async () => {
    const result = await runTool('read', { path: FIXTURE.crlf }, fixture.context());
    expect(presentResult('read', { path: FIXTURE.crlf }, result)).toMatchObject({ card: 'read' });
    expect(presentResult('write', { path: FIXTURE.crlf }, result)).toBeUndefined();
    expect(presentResult('read', { path: 3 }, result)).toBeUndefined();
    const hostile = {
      isError: false,
      get content(): never {
        throw new Error('hostile');
      },
      meta: result.meta,
    } as unknown as ToolResult;
    expect(presentResult('read', { path: FIXTURE.crlf }, hostile)).toBeUndefined();
  });

  it('reports a presenter that throws to the hook it is handed, instead of only hiding it', async () => {
    const result = await runTool('read', { path: FIXTURE.crlf }, fixture.context());
    const failures: PresenterFailure[] = [];
    const hostile = {
      isError: false,
      get content(): never {
        throw new Error('hostile');
      },
      meta: result.meta,
    } as unknown as ToolResult;
    expect(presentResult('read', { path: FIXTURE.crlf }, hostile, (failure) => failures.push(failure))).toBeUndefined();
    expect(failures).toEqual([{ phase: 'result', tool: 'read', error: expect.any(Error) }]);
    // A declined view (bad args, unknown tool) is not a failure.
    expect(presentResult('read', { path: 3 }, result, (failure) => failures.push(failure))).toBeUndefined();
    expect(presentCall('write', {}, (failure) => failures.push(failure))).toEqual({ card: 'generic', title: 'write' });
    expect(failures).toHaveLength(1);
  });

  it('declines every error result', async () => {
    for (const name of TOOL_NAMES) {
      const result = await runTool(name, {}, fixture.context());
      expect(presentResult(name, {}, result)).toBeUndefined();
    }
  });
});

describe('argsForView', () => {
  // Before: the call's view and its result's view each parsed the same args again.
  it("parses one call's args once for its call and result views, and again for another call or tool", () => {
    const grep = findTool('grep')!;
    const glob = findTool('glob')!;
    const args: JsonValue = { pattern: 'x', path: null };
    const first = argsForView(grep, args);
    expect(first).toEqual({ ok: true, args: expect.objectContaining({ pattern: 'x' }) });
    expect(argsForView(grep, args)).toBe(first);
    expect(argsForView(grep, { pattern: 'x', path: null })).not.toBe(first);
    expect(argsForView(glob, args)).not.toBe(first);
    // Args that are not an object are parsed each time (nothing to key them on; they fail fast).
    expect(argsForView(grep, 'x')).toMatchObject({ ok: false });
  });
});
