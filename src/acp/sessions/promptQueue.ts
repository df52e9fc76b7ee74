/**
 * Zed-style queue for agents that cannot be steered: messages sent during a turn wait here,
 * editable, and go out one by one when the turn ends. A manual Stop pauses the queue until the
 * user sends again; "Send now" cancels the turn and sends that message first.
 */
import type { ThreadAction } from "../../shared/threadActions";

export interface QueuedItem {
  readonly id: string;
  text: string;
}

export class PromptQueue {
  private items: QueuedItem[] = [];
  private counter = 0;
  paused = false;

  constructor(private readonly dispatch: (action: ThreadAction) => void) {}

  get size(): number {
    return this.items.length;
  }

  push(text: string): void {
    this.items.push({ id: `q${++this.counter}`, text });
    this.publish();
  }

  edit(id: string, text: string): void {
    const item = this.items.find((candidate) => candidate.id === id);
    if (!item) return;
    item.text = text;
    this.publish();
  }

  remove(id: string): void {
    this.items = this.items.filter((item) => item.id !== id);
    this.publish();
  }

  /** Moves `id` to the front (for "Send now"). */
  promote(id: string): boolean {
    const item = this.items.find((candidate) => candidate.id === id);
    if (!item) return false;
    this.items = [item, ...this.items.filter((candidate) => candidate !== item)];
    this.paused = false;
    this.publish();
    return true;
  }

  /** The next message to send, unless paused. */
  takeNext(): QueuedItem | undefined {
    if (this.paused) return undefined;
    const next = this.items.shift();
    if (next) this.publish();
    return next;
  }

  clear(): void {
    this.items = [];
    this.publish();
  }

  /** Shows the queue again (after a thread reset, which empties the thread's copy). */
  publish(): void {
    this.dispatch({ type: "queue/set", items: this.items.map(({ id, text }) => ({ id, text })) });
  }
}
