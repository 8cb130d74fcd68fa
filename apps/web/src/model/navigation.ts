import type { JsonValue, ToolOrigin } from '@toolcards/protocol';
import type { AddressedCard } from './addressed-card';
import { requestIndexForCall, sameJson, type OpenLocationRequest } from './open-location-request';
import type { LineSpan } from './session-hash';
import type { TimelineRow } from './timeline-row';

/**
 * The row to scroll into view — a call's (`callId`), or the one holding a seq (`seq`, a
 * linked card that is not a call's); `serial` changes on every request. `flash`: an
 * existing card shown again, briefly marked.
 */
export interface Reveal {
  callId?: string;
  seq?: number;
  serial: number;
  flash?: true;
}

/** What components see of where the page goes. */
export interface NavigationView {
  /** callId → the line a click-through asked for, passed to that call's result card. */
  targetLines: ReadonlyMap<string, number>;
  reveal: Reveal | null;
  /** The card the page's address names, while history loads toward it and once shown. */
  addressed: AddressedCard | null;
  /** A find hit in a search card's group: that group opens (`serial` changes on every request). */
  findFocus: { callId: string; file: number; serial: number } | null;
  /** Bumped when the user sends something: the timeline jumps to the end and follows it. */
  followSerial: number;
}

const NO_TARGET_LINES: ReadonlyMap<string, number> = new Map();

/**
 * Where the page goes in the timeline: the card the address names, the row to reveal, a
 * click-through read's target line, a find hit's group, following the end. Each field is
 * the one copy of its state; the store publishes `view()`.
 */
export class Navigation {
  targetLines: ReadonlyMap<string, number> = NO_TARGET_LINES;
  reveal: Reveal | null = null;
  addressed: AddressedCard | null = null;
  findFocus: NavigationView['findFocus'] = null;
  followSerial = 0;
  /** Click-through reads sent and not yet seen echoed as a call. */
  private readRequests: OpenLocationRequest[] = [];
  private revealSerial = 0;
  private addressSerial = 0;

  /** Another session is shown: nothing of where the last one was is kept. */
  open(): void {
    this.targetLines = NO_TARGET_LINES;
    this.reveal = null;
    this.addressed = null;
    this.findFocus = null;
    this.readRequests = [];
  }

  view(): NavigationView {
    const { targetLines, reveal, addressed, findFocus, followSerial } = this;
    return { targetLines, reveal, addressed, findFocus, followSerial };
  }

  /** An address naming card `seq` (and maybe lines of it) was opened: it is shown once history holds it. */
  openAddress(seq: number, lines: LineSpan | undefined): void {
    this.addressSerial += 1;
    this.addressed = { seq, ...(lines ? { lines } : {}), serial: this.addressSerial, loading: true };
  }

  /** The addressed card's seq while history still has to reach it (older pages are sized for it). */
  get addressedSeqToLoad(): number | undefined {
    return this.addressed?.loading ? this.addressed.seq : undefined;
  }

  /** The addressed card is `row`: scroll to it and mark it (the flash a click-through uses). */
  showAddressed(row: TimelineRow): void {
    if (!this.addressed) return;
    this.addressed = { ...this.addressed, loading: false };
    this.revealRow(row, true);
  }

  /** Lines were selected in card `seq` (none: the card itself): the address names them now. */
  selectLines(seq: number, lines: LineSpan | undefined): void {
    this.addressed = { seq, ...(lines ? { lines } : {}), serial: 0, loading: false };
  }

  /** The address names no card any more (or one that cannot be shown). */
  clearAddressed(): void {
    this.addressed = null;
  }

  /**
   * A find hit in `row`: scroll to it (no flash: the match itself is marked), aim a read card
   * at the hit's line, open a search card's group that holds it.
   */
  revealFound(row: TimelineRow, focus: { line?: number; file?: number }): void {
    this.revealRow(row, false);
    if (row.kind !== 'tool') return;
    if (focus.line !== undefined && focus.file === undefined) this.targetLines = new Map(this.targetLines).set(row.callId, focus.line);
    if (focus.file !== undefined) this.findFocus = { callId: row.callId, file: focus.file, serial: this.revealSerial };
  }

  /** A click-through read was sent: its echo gets the target line and is scrolled to. */
  expectRead(request: OpenLocationRequest): void {
    this.readRequests.push(request);
  }

  /** A call arrived: if it is the echo of a click-through read, aim it at its line and reveal it. */
  matchReadRequest(seq: number, call: { callId: string; name: string; args: JsonValue; origin: ToolOrigin }): void {
    if (this.readRequests.length === 0) return;
    const index = requestIndexForCall(this.readRequests, { seq, ...call });
    const request = this.readRequests[index];
    if (!request) return;
    this.readRequests.splice(index, 1);
    if (request.targetLine !== undefined) this.targetLines = new Map(this.targetLines).set(call.callId, request.targetLine);
    this.revealSerial += 1;
    this.reveal = { callId: call.callId, serial: this.revealSerial };
  }

  /**
   * A click-through read identical to the latest read card (same path and window, read
   * without error) shows that card again, flashed, instead of adding a copy. False when
   * another read came since, or the latest failed: then a new read runs.
   */
  revealLatestRead(rows: readonly TimelineRow[], request: OpenLocationRequest): boolean {
    for (let index = rows.length - 1; index >= 0; index -= 1) {
      const row = rows[index]!;
      if (row.kind !== 'tool' || row.call?.name !== 'read') continue;
      if (!sameJson(row.call.args, request.args as JsonValue) || row.result === undefined || row.result.isError) return false;
      const targetLines = new Map(this.targetLines);
      if (request.targetLine === undefined) targetLines.delete(row.callId);
      else targetLines.set(row.callId, request.targetLine);
      this.targetLines = targetLines;
      this.revealRow(row, true);
      return true;
    }
    return false;
  }

  /** The user sent something: show the end of the timeline again. */
  requestFollow(): void {
    this.followSerial += 1;
  }

  private revealRow(row: TimelineRow, flash: boolean): void {
    this.revealSerial += 1;
    const where = row.kind === 'tool' ? { callId: row.callId } : { seq: row.seq };
    this.reveal = { ...where, serial: this.revealSerial, ...(flash ? { flash: true as const } : {}) };
  }
}
