import { describe, expect, it } from 'vitest';
import type { JsonValue } from '@toolcards/protocol';
import { sendComposerInput, type ComposerTarget } from './send-composer-input';

/** A session client as far as sending needs one: what went out, and whether the timeline was asked to follow. */
class Session implements ComposerTarget {
  tools: { name: string; args: JsonValue }[] = [];
  messages: string[] = [];
  follows = 0;
  lastSeq = 41;
  readonly store = {
    requestFollow: () => {
      this.follows += 1;
    },
    state: { getState: () => ({ lastSeq: this.lastSeq }) },
  };

  constructor(private readonly connected = true) {}

  runTool(name: string, args: JsonValue): boolean {
    if (this.connected) this.tools.push({ name, args });
    return this.connected;
  }

  sendMessage(text: string): boolean {
    if (this.connected) this.messages.push(text);
    return this.connected;
  }
}

describe('sendComposerInput', () => {
  it('runs a command’s tool and a message goes to the model, each showing the end of the timeline again', () => {
    const session = new Session();
    expect(sendComposerInput(session, '/read src/a.ts')).toEqual({ kind: 'sent' });
    expect(sendComposerInput(session, 'hello there')).toEqual({ kind: 'sent' });
    expect(session.tools).toEqual([{ name: 'read', args: { path: 'src/a.ts' } }]);
    expect(session.messages).toEqual(['hello there']);
    expect(session.follows).toBe(2);
  });

  it('a /grep whose second word may be its path or the pattern’s rest carries the guess, after the last event before it', () => {
    const session = new Session();
    expect(sendComposerInput(session, '/grep export default')).toEqual({
      kind: 'sent',
      grepGuess: { sent: { pattern: 'export', path: 'default' }, afterSeq: 41, guess: { command: '/grep "export default"', args: { pattern: 'export default' } } },
    });
    expect(sendComposerInput(session, '/grep TODO')).toEqual({ kind: 'sent' });
  });

  it('not connected: says so and sends nothing, the timeline stays where it is', () => {
    const session = new Session(false);
    const notSent = { kind: 'error', error: { message: 'Not sent: not connected to the server.' } };
    expect(sendComposerInput(session, '/grep export default')).toEqual(notSent);
    expect(sendComposerInput(session, 'hello')).toEqual(notSent);
    expect(session.follows).toBe(0);
  });

  it('a malformed command is an error with nothing sent; /help opens the help; blank input does nothing', () => {
    const session = new Session();
    expect(sendComposerInput(session, '/read')).toMatchObject({ kind: 'error', error: { message: expect.stringMatching(/^\/read needs a path/) } });
    expect(sendComposerInput(session, '/help')).toEqual({ kind: 'help' });
    expect(sendComposerInput(session, '   ')).toEqual({ kind: 'empty' });
    expect(session.tools).toEqual([]);
    expect(session.follows).toBe(0);
  });
});
