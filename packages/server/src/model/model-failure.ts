import { APIConnectionError, APIError } from 'openai';
import { assertNever } from '@toolcards/protocol';

/**
 * What went wrong with a model request, in the terms the retry policy and the
 * person reading the timeline care about. Pure apart from `instanceof`.
 */
export type ModelFailure =
  /** 401 / 403: the key is wrong or lacks access. Never retried. */
  | { kind: 'key-refused'; status: 401 | 403; detail: string }
  /** 429. `retryAfterMs` when the API said how long to wait. */
  | { kind: 'rate-limited'; retryAfterMs: number | undefined; detail: string }
  /** 5xx (and 408/409, which the API documents as worth retrying). */
  | { kind: 'server-error'; status: number; detail: string }
  /** Any other 4xx: the request itself was refused (unknown model, bad payload, no balance…). */
  | { kind: 'request-refused'; status: number; detail: string }
  /** No HTTP answer at all: refused connection, DNS, timeout, reset before any output. */
  | { kind: 'network'; detail: string }
  /** The connection broke after part of the answer had arrived (and was kept). */
  | { kind: 'stream-dropped'; detail: string }
  /** The API sent an error inside the stream, or something we did not foresee. */
  | { kind: 'unexpected'; detail: string };

export type ModelFailureKind = ModelFailure['kind'];

/** Where the request was when it failed: before any answer bytes, or mid-answer. */
export interface FailureContext {
  receivedOutput: boolean;
  /** Milliseconds since the epoch, for `retry-after` given as an HTTP date. */
  now: number;
}

export function classifyModelFailure(error: unknown, context: FailureContext): ModelFailure {
  if (error instanceof APIError && typeof error.status === 'number') {
    const status = error.status;
    const detail = apiErrorDetail(error);
    if (status === 401 || status === 403) return { kind: 'key-refused', status, detail };
    if (status === 429) return { kind: 'rate-limited', retryAfterMs: retryAfterMs(error.headers, context.now), detail };
    if (status >= 500 || status === 408 || status === 409) return { kind: 'server-error', status, detail };
    return { kind: 'request-refused', status, detail };
  }
  if (error instanceof APIConnectionError) {
    return context.receivedOutput
      ? { kind: 'stream-dropped', detail: causeDetail(error) }
      : { kind: 'network', detail: causeDetail(error) };
  }
  if (error instanceof APIError) {
    // Status-less APIError: an `error` object sent inside the SSE stream.
    return { kind: 'unexpected', detail: apiErrorDetail(error) };
  }
  if (isConnectionBreak(error)) {
    return context.receivedOutput
      ? { kind: 'stream-dropped', detail: causeDetail(error) }
      : { kind: 'network', detail: causeDetail(error) };
  }
  return { kind: 'unexpected', detail: error instanceof Error ? error.message : String(error) };
}

export interface FailureMessageContext {
  model: string;
  baseUrl: string;
  /** Tries made, including the first. */
  attempts: number;
  /** The variable the key came from, so the message names the one to fix. */
  keyVariable: string;
}

/** One readable sentence or two for the timeline (`turn/end.error`). */
export function modelFailureMessage(failure: ModelFailure, context: FailureMessageContext): string {
  const tries = context.attempts > 1 ? ` after ${context.attempts} tries` : '';
  switch (failure.kind) {
    case 'key-refused':
      return failure.status === 401
        ? `The model API refused the key (401). Check ${context.keyVariable}.`
        : `The model API denied access (403)${withDetail(failure.detail)}. Check that ${context.keyVariable} may use the model "${context.model}".`;
    case 'rate-limited': {
      const wait = failure.retryAfterMs === undefined ? '' : ` and asked to wait ${Math.ceil(failure.retryAfterMs / 1000)} s`;
      return `The model API is rate limiting requests (429)${wait}${tries}${withDetail(failure.detail)}. Wait a moment, then send your message again.`;
    }
    case 'server-error':
      return `The model API failed (HTTP ${failure.status})${tries}${withDetail(failure.detail)}. Try again later.`;
    case 'request-refused':
      return failure.status === 404
        ? `The model API found no such model or endpoint (404)${withDetail(failure.detail)}. Check TOOLCARDS_MODEL ("${context.model}") and TOOLCARDS_BASE_URL (${context.baseUrl}).`
        : `The model API refused the request (HTTP ${failure.status})${withDetail(failure.detail)}.`;
    case 'network':
      return `Cannot reach the model API at ${context.baseUrl}${tries}${withDetail(failure.detail)}. Check the network and TOOLCARDS_BASE_URL.`;
    case 'stream-dropped':
      return `The connection to the model API dropped mid-answer${withDetail(failure.detail)}. What arrived is kept; send a message to continue.`;
    case 'unexpected':
      return `The model request failed${withDetail(failure.detail)}.`;
    default:
      return assertNever(failure, 'model failure');
  }
}

/** `retry-after-ms`, else `retry-after` in seconds or as an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(headers: Headers | undefined, now: number): number | undefined {
  const millis = headers?.get('retry-after-ms');
  if (millis && Number.isFinite(Number(millis)) && Number(millis) >= 0) return Number(millis);
  const value = headers?.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function withDetail(detail: string): string {
  const trimmed = detail.trim().replace(/[.\s]+$/, '');
  return trimmed === '' ? '' : `: ${trimmed}`;
}

function apiErrorDetail(error: APIError): string {
  const body = error.error as { message?: unknown } | undefined;
  if (body && typeof body.message === 'string') return body.message;
  // The client prefixes the status ("429 Too many requests"); the message already says it.
  return error.message.replace(/^\d{3}\s*/, '').replace(/^status code \(no body\)$/, '');
}

/** Undici reports a socket closed mid-body as `TypeError: terminated` with the real reason as `cause`. */
function isConnectionBreak(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code ?? (error.cause as { code?: unknown } | undefined)?.code;
  return (
    (error.name === 'TypeError' && /terminated|fetch failed|network/i.test(error.message)) ||
    (typeof code === 'string' && /^(ECONN|EPIPE|ETIMEDOUT|ENOTFOUND|EAI_AGAIN|UND_ERR)/.test(code))
  );
}

function causeDetail(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    const text = current.message || (typeof code === 'string' ? code : '');
    if (text && !parts.includes(text) && !/^(Connection error\.?|terminated|fetch failed)$/i.test(text)) parts.push(text);
    current = current.cause;
  }
  return parts.join(': ');
}
