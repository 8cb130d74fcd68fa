import { eventDataSchemas, type JsonValue, type NewSessionEvent } from '@toolcards/protocol';
import type { ImportedEvent, TranscriptImporter } from '../transcript-importer';

/** A transcript mapped whole, with its calls and results by call id, every event checked against the protocol. */

export interface MappedCall {
  name: string;
  args: JsonValue;
  result?: { text: string; isError: boolean; meta?: JsonValue };
}

export interface MappedSession {
  events: ImportedEvent[];
  calls: Map<string, MappedCall>;
  prompts: string[];
  texts: Map<string, string>;
  turnEnds: number;
}

export function mapTranscript(importer: TranscriptImporter, transcript: string): MappedSession {
  const events = transcript.split('\n').flatMap((line) => importer.feedLine(line));
  return collect(events);
}

export function collect(events: ImportedEvent[]): MappedSession {
  const calls = new Map<string, MappedCall>();
  const prompts: string[] = [];
  const texts = new Map<string, string>();
  let turnEnds = 0;
  for (const { event } of events) {
    assertValid(event);
    switch (event.type) {
      case 'user/message':
        prompts.push(event.data.text);
        break;
      case 'assistant/text':
        texts.set(event.data.messageId, (texts.get(event.data.messageId) ?? '') + event.data.delta);
        break;
      case 'tool/call':
        if (calls.has(event.data.callId)) throw new Error(`call ${event.data.callId} twice`);
        calls.set(event.data.callId, { name: event.data.name, args: event.data.args });
        break;
      case 'tool/result': {
        const call = calls.get(event.data.callId);
        if (call === undefined) throw new Error(`result ${event.data.callId} before its call`);
        if (call.result !== undefined) throw new Error(`result ${event.data.callId} twice`);
        call.result = {
          text: event.data.content.map((block) => block.text).join(''),
          isError: event.data.isError,
          ...(event.data.meta === undefined ? {} : { meta: event.data.meta }),
        };
        break;
      }
      case 'turn/end':
        turnEnds += 1;
        break;
    }
  }
  return { events, calls, prompts, texts, turnEnds };
}

function assertValid(event: NewSessionEvent): void {
  const parsed = eventDataSchemas[event.type].safeParse(event.data);
  if (!parsed.success) throw new Error(`invalid ${event.type}: ${JSON.stringify(parsed.error.issues)}`);
}
