import { NO_PICK, pickedCard, type RangeEnd, type RangePick } from './export-range-pick';

/**
 * The range of cards being chosen for an export, shared by the cards' buttons, the bar over
 * the timeline and the header's Export control (a store React reads with useSyncExternalStore).
 */
export class ExportRangePicker {
  private pick: RangePick = NO_PICK;
  private readonly listeners = new Set<() => void>();

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): RangePick => this.pick;

  choose(card: RangeEnd): void {
    this.set(pickedCard(this.pick, card));
  }

  cancel(): void {
    this.set(NO_PICK);
  }

  private set(next: RangePick): void {
    if (next === this.pick) return;
    this.pick = next;
    for (const listener of this.listeners) listener();
  }
}
