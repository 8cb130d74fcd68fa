import type { SessionEvent } from '@toolcards/protocol';

type Visit = (event: SessionEvent) => boolean | Promise<boolean>;
type AssistantText = Extract<SessionEvent, { type: 'assistant/text' }>;

/**
 * The model's text arrives as deltas; an export holds each message whole (one event, the first
 * delta's seq), so a secret split across two deltas is found and hidden like any other, and the
 * Markdown and HTML show the message as one text. One message is held at a time.
 */
export async function readWholeMessages(read: (visit: Visit) => Promise<void>, visit: Visit): Promise<void> {
  let first: AssistantText | undefined;
  let parts: string[] = [];
  let stopped = false;
  const flush = async (): Promise<boolean> => {
    if (!first) return true;
    const whole: AssistantText = { ...first, data: { ...first.data, delta: parts.join('') } };
    first = undefined;
    parts = [];
    const verdict = await visit(whole);
    if (verdict === false) stopped = true;
    return verdict;
  };
  await read(async (event) => {
    if (event.type === 'assistant/text' && first?.data.messageId === event.data.messageId) {
      parts.push(event.data.delta);
      return true;
    }
    if ((await flush()) === false) return false;
    if (event.type === 'assistant/text') {
      first = event;
      parts = [event.data.delta];
      return true;
    }
    const verdict = await visit(event);
    if (verdict === false) stopped = true;
    return verdict;
  });
  if (!stopped) await flush();
}
