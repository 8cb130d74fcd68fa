import { HISTORY_BATCH_BYTES } from '@toolcards/protocol';
import type { OutboundFrame } from '../../wire/outbound-frames';

/**
 * Packs serialized history items into `history` frames of at most `maxBytes` (an item
 * larger than that goes alone). Each item is serialized once; a frame is the items'
 * JSON joined inside a fixed envelope, never stringified again.
 */
export class HistoryBatcher {
  private readonly head: string;
  private items: string[] = [];
  private bytes = 0;

  constructor(
    sessionId: string,
    private readonly maxBytes = HISTORY_BATCH_BYTES,
  ) {
    this.head = `{"type":"history","sessionId":${JSON.stringify(sessionId)},"items":[`;
  }

  /** Adds one item's JSON; returns the frame it completed, if adding it overflowed the bound. */
  add(itemJson: string): OutboundFrame | undefined {
    const itemBytes = Buffer.byteLength(itemJson, 'utf8') + 1;
    const full = this.items.length > 0 && this.envelopeBytes() + this.bytes + itemBytes > this.maxBytes;
    const done = full ? this.flush() : undefined;
    this.items.push(itemJson);
    this.bytes += itemBytes;
    return done;
  }

  /** The frame of what is held, if anything. */
  flush(): OutboundFrame | undefined {
    if (this.items.length === 0) return undefined;
    const text = `${this.head}${this.items.join(',')}]}`;
    const bytes = this.envelopeBytes() + this.bytes - 1;
    this.items = [];
    this.bytes = 0;
    return { text, bytes };
  }

  private envelopeBytes(): number {
    return Buffer.byteLength(this.head, 'utf8') + 2;
  }
}
