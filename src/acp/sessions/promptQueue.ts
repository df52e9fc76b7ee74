/**
 * Zed-style queue for agents that cannot be steered: messages sent during a turn wait here,
 * editable, and go out one by one when the turn ends. A manual Stop pauses the queue until the
 * user sends again; "Send now" cancels the turn and sends that message first. When the agent
 * ends (crashes) before a message went out, the message stays, marked not sent, and is skipped
 * until the user sends it again: it is never shown as sent without reaching the agent.
 */
import type { ThreadAction } from "../../shared/thread/threadActions";

export interface QueuedItem {
  readonly id: string;
  text: string;
  notSent: boolean;
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
    this.items.push({ id: `q${++this.counter}`, text, notSent: false });
    this.publish();
  }

  /** Ahead of everything else waiting (a permission's note: it belongs right after the answer). */
  pushFirst(text: string): void {
    this.items.unshift({ id: `q${++this.counter}`, text, notSent: false });
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

  /** The agent ended before anything waiting went out: every message is held as not sent. */
  markNotSent(): void {
    if (this.items.every((item) => item.notSent)) return;
    for (const item of this.items) item.notSent = true;
    this.publish();
  }

  /** "Send again" on a message marked not sent: it waits again, first in line. */
  retry(id: string): boolean {
    const item = this.items.find((candidate) => candidate.id === id);
    if (!item) return false;
    item.notSent = false;
    return this.promote(id);
  }

  /** A message would go out now (takeNext would return one). */
  get hasNext(): boolean {
    return !this.paused && this.items.some((item) => !item.notSent);
  }

  /** The next message to send, unless paused; messages marked not sent wait for "Send again". */
  takeNext(): QueuedItem | undefined {
    if (this.paused) return undefined;
    const at = this.items.findIndex((item) => !item.notSent);
    if (at < 0) return undefined;
    const [next] = this.items.splice(at, 1);
    this.publish();
    return next;
  }

  clear(): void {
    this.items = [];
    this.publish();
  }

  /** Shows the queue again (after a thread reset, which empties the thread's copy). */
  publish(): void {
    this.dispatch({
      type: "queue/set",
      items: this.items.map(({ id, text, notSent }) => (notSent ? { id, text, notSent } : { id, text })),
    });
  }
}
