import { SlotQueue } from '../slot-queue';

/**
 * How many ripgrep processes run at once in this process. Every grep and
 * glob call takes a slot before spawning and gives it back when ripgrep has
 * exited; the others wait in order. A call cancelled or timed out while
 * waiting leaves the queue and never spawns. Shared by every call in this process.
 */
export const ripgrepSlots = new SlotQueue();
