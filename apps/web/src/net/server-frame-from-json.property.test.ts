import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CALL_STATES, EDITORS, serverFrameSchema, SESSION_LOG_VERSION, TOOL_ERROR_CODES, WIRE_ERROR_CODES } from '@toolcards/protocol';
import { serverFrameFromJson } from './server-frame-from-json';

/**
 * The fast frame reader against the protocol's schema: on valid frames of every type and
 * on frames broken in every way the generator knows, it accepts exactly what
 * `serverFrameSchema` accepts and returns exactly what the schema returns (unknown keys
 * dropped), so skipping the schema for events changes nothing but the time it takes.
 */

const sessionId = fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/);
const badSessionId = fc.oneof(
  fc.constantFrom('', 'a'.repeat(65), 'a/b', '../s1', 's 1', 's1\n', 'é', 's1\u202e', '𝑠1'),
  fc.string({ maxLength: 70 }).filter((value) => !/^[A-Za-z0-9_-]{1,64}$/.test(value)),
);
const text = fc.string({ unit: 'binary', maxLength: 24 });
const seq = fc.oneof(fc.nat(1000), fc.constant(Number.MAX_SAFE_INTEGER));
/**
 * Arbitrary JSON (args, meta, views), numbers of every kind among it. Without `__proto__`
 * keys: the schema copies a record by assignment, so such a key becomes the copy's
 * prototype and is lost, while the fast reader keeps the value as sent (an own property,
 * as JSON.parse made it) — the one difference left, on purpose.
 */
const json = fc.jsonValue({ maxDepth: 3 }).filter((value) => !JSON.stringify(value).includes('"__proto__"'));

const event = fc.oneof(
  fc.record({ type: fc.constant('user/message'), data: fc.record({ text }) }),
  fc.record({ type: fc.constant('assistant/text'), data: fc.record({ messageId: text, delta: text }) }),
  fc.record({ type: fc.constant('tool/call'), data: fc.record({ callId: text, name: text, args: json, origin: fc.constantFrom('model', 'user') }) }),
  fc.record({
    type: fc.constant('tool/result'),
    data: fc.record(
      {
        callId: text,
        content: fc.array(fc.record({ type: fc.constant('text'), text }), { maxLength: 3 }),
        isError: fc.boolean(),
        error: fc.record({ code: fc.constantFrom(...TOOL_ERROR_CODES), message: text }),
        meta: json,
      },
      { requiredKeys: ['callId', 'content', 'isError'] },
    ),
  }),
  fc.record({ type: fc.constant('turn/end'), data: fc.record({ reason: fc.constantFrom('done', 'cancelled', 'error', 'step-limit'), error: text }, { requiredKeys: ['reason'] }) }),
).chain((partial) => fc.record({ seq, time: fc.oneof(fc.date({ noInvalidDate: true }).map((date) => date.toISOString()), text) }).map((base) => ({ ...base, ...partial })));

const view = fc.oneof(json, fc.record({ card: fc.constantFrom('generic', 'read', 'search'), title: text }));

const header = fc.record({ type: fc.constant('session'), version: fc.constant(SESSION_LOG_VERSION), id: sessionId, cwd: text, createdAt: text });

const frame = fc.oneof(
  fc.record({ type: fc.constant('hello'), version: text, workspace: text, model: fc.option(fc.record({ model: text, baseUrl: text }), { nil: null }), editor: fc.constantFrom(...EDITORS) }),
  fc.record({ type: fc.constant('subscribed'), sessionId, header, fromSeq: seq, lastSeq: fc.integer({ min: -1, max: 1000 }) }),
  fc.record({
    type: fc.constant('history'),
    sessionId,
    items: fc.array(fc.record({ event, view, contentOmitted: fc.constant(true) }, { requiredKeys: ['event'] }), { maxLength: 4 }),
  }),
  fc.record({ type: fc.constant('history-end'), sessionId, fromSeq: seq, beforeSeq: seq }),
  fc.record({ type: fc.constant('event'), sessionId, event, view }, { requiredKeys: ['type', 'sessionId', 'event'] }),
  fc.record({ type: fc.constant('caught-up'), sessionId, lastSeq: fc.integer({ min: -1, max: 1000 }) }),
  fc.record({ type: fc.constant('call-state'), sessionId, callId: text, state: fc.constantFrom(...CALL_STATES) }),
  fc.record(
    { type: fc.constant('error'), code: fc.constantFrom(...WIRE_ERROR_CODES), message: text, sessionId: text, requestId: text },
    { requiredKeys: ['type', 'code', 'message'] },
  ),
);

// ── breaking a frame ─────────────────────────────────────────────────────────

/** Stand-ins for numbers JSON.stringify cannot write: replaced in the text afterwards. */
const SPELLED: Record<string, string> = { '"<1e999>"': '1e999', '"<-1e999>"': '-1e999', '"<-0>"': '-0', '"<1E2>"': '1E2' };

const wrongValue = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, 0, -1, 1.5, -0.5, 2 ** 53, Number.MAX_SAFE_INTEGER, '', 'x', '3', [], {}, ...Object.keys(SPELLED).map((key) => key.slice(1, -1))),
  fc.constantFrom<unknown>(...TOOL_ERROR_CODES, ...WIRE_ERROR_CODES, 'NOPE', 'user/message', 'tool/result', 'text', 'model', 'done', 'queued', 'session'),
  badSessionId,
  json,
);
const extraKey = fc.oneof(fc.constantFrom('view', 'contentOmitted', 'items', 'event', 'data', 'meta', 'error', 'args', 'type', 'seq', 'sessionId', 'extra'), fc.string({ maxLength: 8 }));

type Mutation =
  | { kind: 'delete'; at: number }
  | { kind: 'replace'; at: number; value: unknown }
  | { kind: 'wrap'; at: number; inArray: boolean }
  | { kind: 'add'; at: number; key: string; value: unknown };

/** Where a mutation hits: any place alike, not mostly the first (fast-check leans to small numbers). */
const at = fc.noBias(fc.nat());
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('delete' as const), at }),
  fc.record({ kind: fc.constant('replace' as const), at, value: wrongValue }),
  fc.record({ kind: fc.constant('wrap' as const), at, inArray: fc.boolean() }),
  fc.record({ kind: fc.constant('add' as const), at, key: extraKey.filter((key) => key !== '__proto__'), value: wrongValue }),
);

interface Slot {
  parent: Record<string, unknown> | unknown[];
  key: string | number;
}

/** Every place in the value a mutation can hit, parents before children. */
function slots(value: unknown, out: Slot[] = []): Slot[] {
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      out.push({ parent: value, key: index });
      slots(item, out);
    });
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      out.push({ parent: value as Record<string, unknown>, key });
      slots(item, out);
    }
  }
  return out;
}

function objectsIn(value: unknown, out: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (Array.isArray(value)) value.forEach((item) => objectsIn(item, out));
  else if (typeof value === 'object' && value !== null) {
    out.push(value as Record<string, unknown>);
    Object.values(value).forEach((item) => objectsIn(item, out));
  }
  return out;
}

function applyMutation(root: Record<string, unknown>, change: Mutation): void {
  if (change.kind === 'add') {
    const objects = objectsIn(root);
    // A copy: constantFrom hands out one `{}`, which a second mutation could add to itself.
    objects[change.at % objects.length]![change.key] = structuredClone(change.value);
    return;
  }
  const places = slots(root);
  if (places.length === 0) return;
  const { parent, key } = places[change.at % places.length]!;
  const current = (parent as Record<string | number, unknown>)[key];
  if (change.kind === 'delete') {
    if (Array.isArray(parent)) parent.splice(key as number, 1);
    else delete parent[key as string];
  } else if (change.kind === 'replace') {
    (parent as Record<string | number, unknown>)[key] = structuredClone(change.value);
  } else {
    (parent as Record<string | number, unknown>)[key] = change.inArray ? [current] : { value: current };
  }
}

function frameText(value: unknown): string {
  let out = JSON.stringify(value);
  for (const [stand, spelled] of Object.entries(SPELLED)) out = out.split(stand).join(spelled);
  return out;
}

const brokenFrame = fc.tuple(frame, fc.array(mutation, { minLength: 1, maxLength: 3 })).map(([value, changes]) => {
  const copy = structuredClone(value) as Record<string, unknown>;
  for (const change of changes) applyMutation(copy, change);
  return frameText(copy);
});

/** What the schema says: its output, or undefined when it refuses (or cannot cope, which it shows by throwing). */
function schemaVerdict(text: string): unknown {
  try {
    const parsed = serverFrameSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

function agreesWithSchema(text: string): void {
  const expected = schemaVerdict(text);
  const actual = serverFrameFromJson(text);
  if (expected === undefined) expect(actual, text).toBeUndefined();
  else expect(actual, text).toStrictEqual(expected);
}

describe('serverFrameFromJson agrees with serverFrameSchema', () => {
  it('accepts every valid frame, and returns what the schema returns', () => {
    fc.assert(
      fc.property(frame, (value) => {
        const text = frameText(value);
        expect(schemaVerdict(text), 'the generator writes valid frames').toBeDefined();
        agreesWithSchema(text);
      }),
      { numRuns: 3000 },
    );
  }, 60_000);

  it('accepts a broken frame exactly when the schema does', () => {
    fc.assert(fc.property(brokenFrame, agreesWithSchema), { numRuns: 10_000 });
  }, 60_000);

  it('refuses args and metas nested too deep for the schema to check, as the schema does', () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const call = `{"type":"event","sessionId":"s1","event":{"seq":1,"time":"t","type":"tool/call","data":{"callId":"c","name":"n","args":${deep},"origin":"user"}}}`;
    const result = `{"type":"history","sessionId":"s1","items":[{"event":{"seq":1,"time":"t","type":"tool/result","data":{"callId":"c","content":[],"isError":false,"meta":{"a":${deep}}}}}]}`;
    for (const text of [call, result]) {
      expect(schemaVerdict(text)).toBeUndefined();
      expect(serverFrameFromJson(text)).toBeUndefined();
    }
  });
});
