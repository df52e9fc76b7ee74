/**
 * What one fake agent server shares across its connections (Bub: one process, any number of
 * stdio/HTTP/WebSocket connections): the session store, the single prompt lock, the running
 * turns (so `session/cancel`, close and delete reach them), and the sessions being closed.
 */
import { randomUUID } from "node:crypto";
import { SessionStore } from "./store";
import { bubSeed, type FakeAgentOptions } from "./profiles";

export class RunningTurn {
  private cancelFlag = false;
  private readonly cancelWaiters: Array<() => void> = [];
  private abortReason: string | undefined;
  private readonly abortWaiters: Array<(reason: string) => void> = [];

  get cancelled(): boolean {
    return this.cancelFlag;
  }

  get aborted(): string | undefined {
    return this.abortReason;
  }

  /** `session/cancel`: the scenario decides how to wind down. */
  cancel(): void {
    if (this.cancelFlag) return;
    this.cancelFlag = true;
    for (const wake of this.cancelWaiters.splice(0)) wake();
  }

  whenCancelled(): Promise<void> {
    return this.cancelFlag ? Promise.resolve() : new Promise((resolve) => this.cancelWaiters.push(resolve));
  }

  /** close/delete/disconnect: the turn is torn down and its prompt never ends normally. */
  abort(reason: string): void {
    if (this.abortReason !== undefined) return;
    this.abortReason = reason;
    this.cancel();
    for (const wake of this.abortWaiters.splice(0)) wake(reason);
  }

  whenAborted(): Promise<string> {
    return this.abortReason !== undefined ? Promise.resolve(this.abortReason) : new Promise((resolve) => this.abortWaiters.push(resolve));
  }
}

export class World {
  readonly store: SessionStore;
  /** Running turns by session id. */
  readonly running = new Map<string, RunningTurn>();
  /** Sessions in the middle of close/delete: other operations on them fail -32600. */
  readonly closing = new Set<string>();
  /** Sessions opened by this process (Q10: some agents then ignore stdin EOF). */
  readonly live = new Set<string>();
  private lockTail: Promise<unknown> = Promise.resolve();
  private sessionCounter = 0;

  constructor(readonly options: FakeAgentOptions) {
    this.store = new SessionStore(options.statePath);
    if (options.seed === "bub") this.store.seed(bubSeed());
  }

  /** Bub serialises prompts (and loads) across every session and connection of the process. */
  withPromptLock<T>(run: () => Promise<T>): Promise<T> {
    const result = this.lockTail.then(run);
    // Released on the next macrotask, once the result has been written: the next turn's updates
    // must follow the previous turn's response on the wire.
    this.lockTail = result.catch(() => undefined).then(() => new Promise((resolve) => setImmediate(resolve)));
    return result;
  }

  nextSessionId(): string {
    this.sessionCounter += 1;
    switch (this.options.profile) {
      case "bub":
      case "bub-web":
        return randomUUID().replace(/-/g, "");
      case "quirks":
        return `quirk-${process.pid}-${this.sessionCounter}`;
      case "default":
        return `sess-${process.pid}-${this.sessionCounter}`;
    }
  }
}
