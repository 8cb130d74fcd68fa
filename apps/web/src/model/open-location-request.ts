import { isJsonObject, type JsonValue } from '@toolcards/protocol';

/** Lines shown above the target so it does not sit on the card's first row. */
const CONTEXT_ABOVE = 10;

export interface CardLocation {
  path: string;
  line?: number;
}

/**
 * A `read` the client asked for on a card click, waiting for the server to echo it as a
 * user-origin tool/call. The call carries no request id, so the match is by name + args.
 */
export interface OpenLocationRequest {
  name: 'read';
  args: { path: string; offset?: number; limit?: number };
  targetLine?: number;
  /** Last seq held when the request was sent: only a later call can be its echo. */
  afterSeq: number;
}

export function openLocationRequest(location: CardLocation, afterSeq: number): OpenLocationRequest {
  const line = location.line !== undefined && Number.isSafeInteger(location.line) && location.line >= 1 ? location.line : undefined;
  return {
    name: 'read',
    args: line === undefined ? { path: location.path } : { path: location.path, offset: Math.max(1, line - CONTEXT_ABOVE) },
    ...(line === undefined ? {} : { targetLine: line }),
    afterSeq,
  };
}

export interface ObservedCall {
  seq: number;
  name: string;
  args: JsonValue;
  origin: 'model' | 'user';
}

/** Index of the oldest waiting request this call answers, or -1. */
export function requestIndexForCall(requests: readonly OpenLocationRequest[], call: ObservedCall): number {
  if (call.origin !== 'user') return -1;
  return requests.findIndex(
    (request) => call.seq > request.afterSeq && request.name === call.name && sameJson(request.args as JsonValue, call.args),
  );
}

/** Deep equality of JSON values; object key order does not matter. */
export function sameJson(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((item, index) => sameJson(item, b[index]));
  if (isJsonObject(a) && isJsonObject(b) && !Array.isArray(b)) {
    const keys = Object.keys(a).filter((key) => a[key] !== undefined);
    const otherKeys = Object.keys(b).filter((key) => b[key] !== undefined);
    return keys.length === otherKeys.length
      && keys.every((key) => Object.hasOwn(b, key) && sameJson(a[key] as JsonValue, b[key] as JsonValue));
  }
  return false;
}
