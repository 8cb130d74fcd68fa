import { assertNever, type JsonValue } from '@toolcards/protocol';
import { grepPatternGuess, parseComposerCommand, type GrepCommandArgs, type GrepPatternGuess } from './parse-composer-command';

/** The line under the input when something was not sent. */
export interface ComposerError {
  message: string;
  /** A command that would work, one click away. */
  suggestion?: GrepPatternGuess;
}

/** A /grep sent with a word that may be a path or the rest of the pattern: which one shows when it returns. */
export interface SentGrepGuess {
  sent: GrepCommandArgs;
  /** The last event before it was sent: only its own result counts. */
  afterSeq: number;
  guess: GrepPatternGuess;
}

/** What became of the composer's input. */
export type SendOutcome =
  | { kind: 'empty' }
  | { kind: 'help' }
  | { kind: 'sent'; grepGuess?: SentGrepGuess }
  | { kind: 'error'; error: ComposerError };

/** What sending needs of the session client. */
export interface ComposerTarget {
  runTool(name: string, args: JsonValue): boolean;
  sendMessage(text: string): boolean;
  store: { requestFollow(): void; state: { getState(): { lastSeq: number } } };
}

const NOT_CONNECTED: SendOutcome = { kind: 'error', error: { message: 'Not sent: not connected to the server.' } };

/** Sends what was typed: a command runs its tool, plain text goes to the model; the timeline shows the end again. */
export function sendComposerInput(client: ComposerTarget, text: string): SendOutcome {
  const parsed = parseComposerCommand(text);
  switch (parsed.kind) {
    case 'empty':
      return { kind: 'empty' };
    case 'error':
      return { kind: 'error', error: { message: parsed.message, ...(parsed.suggestion === undefined ? {} : { suggestion: parsed.suggestion }) } };
    case 'help':
      return { kind: 'help' };
    case 'tool':
      if (parsed.name === 'grep') return sendGrep(client, parsed.args, text);
      return followIfSent(client, client.runTool(parsed.name, { ...parsed.args }));
    case 'message':
      return followIfSent(client, client.sendMessage(parsed.text));
    default:
      return assertNever(parsed, 'composer input');
  }
}

/** Runs a /grep; when a word of `input` may be a path or the pattern's rest, the guess to offer if the path is missing. */
export function sendGrep(client: ComposerTarget, args: GrepCommandArgs, input: string): SendOutcome {
  const afterSeq = client.store.state.getState().lastSeq;
  const outcome = followIfSent(client, client.runTool('grep', { ...args }));
  if (outcome.kind !== 'sent') return outcome;
  const guess = grepPatternGuess(input);
  return guess === undefined ? outcome : { kind: 'sent', grepGuess: { sent: args, afterSeq, guess } };
}

function followIfSent(client: ComposerTarget, sent: boolean): SendOutcome {
  if (!sent) return NOT_CONNECTED;
  client.store.requestFollow();
  return { kind: 'sent' };
}
