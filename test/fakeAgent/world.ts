/**
 * What one fake agent server shares across its connections (Bub: one process, any number of
 * stdio/HTTP/WebSocket connections): the session store, the single prompt lock, the running
 * turns (so `session/cancel`, close and delete reach them), and the sessions being closed.
 */
import { randomUUID } from "node:crypto";
import { SessionStore } from "./store";
import { bubSeed, type FakeAgentOptions } from "./profiles";

/** A steer (or CodeBuddy's second prompt) waiting in a running turn's inbox for a model step. */
export interface QueuedSteer {
  readonly text: string;
  /** true: a model step consumed it; false: the turn ended first. */
  settle(drained: boolean): void;
}

export class RunningTurn {
  private cancelFlag = false;
  /** Bub's steering inbox, drained by the scenario's model steps. */
  private readonly inbox: QueuedSteer[] = [];
  private readonly steerWaiters: Array<() => void> = [];
  private endedFlag = false;
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

  get ended(): boolean {
    return this.endedFlag;
  }

  /** Queues a steer; false when the turn has already ended (the caller starts a new turn). */
  enqueueSteer(steer: QueuedSteer): boolean {
    if (this.endedFlag) return false;
    this.inbox.push(steer);
    for (const wake of this.steerWaiters.splice(0)) wake();
    return true;
  }

  /** How many steers wait in the inbox now. */
  get steersWaiting(): number {
    return this.inbox.length;
  }

  /** A model step: the first `count` queued steers (all by default) are consumed (answered `injected`); their texts. */
  drainSteers(count = this.inbox.length): string[] {
    const drained = this.inbox.splice(0, count);
    for (const steer of drained) steer.settle(true);
    return drained.map((steer) => steer.text);
  }

  /** Resolves once a steer is waiting in the inbox. */
  whenSteered(): Promise<void> {
    return this.inbox.length > 0 ? Promise.resolve() : new Promise((resolve) => this.steerWaiters.push(resolve));
  }

  /** The turn is over: steers still queued were not drained (Bub then starts a new turn for them). */
  end(): void {
    if (this.endedFlag) return;
    this.endedFlag = true;
    for (const steer of this.inbox.splice(0)) steer.settle(false);
  }

  whenAborted(): Promise<string> {
    return this.abortReason !== undefined
      ? Promise.resolve(this.abortReason)
      : new Promise((resolve) => this.abortWaiters.push(resolve));
  }
}

export class World {
  readonly store: SessionStore;
  /** Running turns by session id. */
  readonly running = new Map<string, RunningTurn>();
  /** Sessions in the middle of close/delete: other operations on them fail -32600. */
  readonly closing = new Set<string>();
  /** Ends a held close/delete early (FAKE_AGENT_SLOW_END): a racing request for its session came. */
  readonly racedEnds = new Map<string, () => void>();
  /** Sessions opened by this process (Q10: some agents then ignore stdin EOF). */
  readonly live = new Set<string>();
  /** Sessions whose title was generated (or attempted) by this process: at most once each (§7). */
  readonly titled = new Set<string>();
  /**
   * Where the fake records decisions that send nothing (e.g. "no title for this prompt"), so a
   * test can wait for the decision instead of sleeping and checking that nothing arrived. On
   * stdio they go to the FAKE_AGENT_LOG as `note` lines (FakeAgentHandle.notes()).
   */
  note: (text: string) => void = () => undefined;
  /** CodeBuddy: signed in through `authenticate` (FAKE_AGENT_AUTH=required). */
  authenticated = false;
  private lockTail: Promise<unknown> = Promise.resolve();
  private readonly steerLocks = new Map<string, Promise<unknown>>();
  private sessionCounter = 0;

  /**
   * `processId` stands in session ids for the process's pid: an agent in the test's own process
   * (memoryAgent.ts) passes its own, so two of them never hand out the same id.
   */
  constructor(
    readonly options: FakeAgentOptions,
    private readonly processId: string = String(process.pid),
  ) {
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

  /** Bub's per-session steering lock: steers are handled one at a time, in arrival order. */
  withSteerLock<T>(sessionId: string, run: () => Promise<T>): Promise<T> {
    const result = (this.steerLocks.get(sessionId) ?? Promise.resolve()).then(run);
    this.steerLocks.set(
      sessionId,
      result.catch(() => undefined),
    );
    return result;
  }

  nextSessionId(): string {
    this.sessionCounter += 1;
    switch (this.options.profile) {
      case "bub":
      case "bub-web":
        return randomUUID().replace(/-/g, "");
      case "quirks":
        return `quirk-${this.processId}-${this.sessionCounter}`;
      case "codebuddy":
        return randomUUID();
      case "default":
        return `sess-${this.processId}-${this.sessionCounter}`;
    }
  }
}

/**
 * A scenario module's own state (a counter, what a session was opened with), one per World: it
 * lives as long as one agent process, also when the test's own process hosts several agents.
 */
export function perWorld<T>(make: () => T): (world: World) => T {
  const values = new WeakMap<World, T>();
  return (world) => {
    let value = values.get(world);
    if (value === undefined) {
      value = make();
      values.set(world, value);
    }
    return value;
  };
}
