/**
 * One agent process (or network connection) per agent, shared by its tabs: ACP multiplexes
 * sessions over one connection, as Zed runs one server per agent. Tabs whose launch is the same
 * (the whole definition: command, args, env after secrets, transport, url…; and the folder it
 * starts in) get the same AgentClient, initialized once; each tab keeps its own services and its
 * own session (its cwd goes in `session/new`), and the connection's callbacks reach it by session
 * id (sessionRouter.ts).
 *
 * - An entry with `processPerSession: true` gets a process of its own, stopped with its tab.
 * - When the last tab lets go, the process lives on for a grace period (30 s; a tab opened meanwhile
 *   takes it over), then stops. A process that ended, failed to start, or was retired (a terminal
 *   sign-in needs a fresh one) is never handed out again: the next tab starts a new one.
 * - A crash ends the client for every tab on it; each tab reports it and restarts (agentLifecycle.ts).
 *   The first restart starts the new process and the others join it, so it restarts once.
 *
 * Network agents follow the same rule per endpoint: the HTTP (one SSE stream per session, see
 * httpReattach.ts) and WebSocket transports carry several sessions on one connection.
 */
import type * as acp from "@agentclientprotocol/sdk";
import { AgentClient } from "../connection/agentClient";
import type { ClientCallbacks } from "../connection/clientCallbacks";
import { SessionRouter, type RoutedTab, type TabRoute } from "./sessionRouter";
import type { AgentDefinition } from "../../agents/agentDefinition";
import type { AgentTransport } from "../connection/transports/agentTransport";
import type { Clock, Logger, Timer } from "../../ports";

/** How long a process with no tab left lives on, in case a tab comes back (a reload, a new tab). */
export const PROCESS_GRACE_MS = 30_000;

export interface AgentProcessesOptions {
  readonly clock: Clock;
  readonly logger: Logger;
  /** Default PROCESS_GRACE_MS; 0 stops a process as soon as its last tab lets go. */
  readonly graceMs?: number;
}

export interface AgentLaunchRequest {
  readonly definition: AgentDefinition;
  /** The folder the process starts in (part of what makes two launches the same). */
  readonly cwd: string;
  /** Starts the process or connects; called only when no shareable one runs. */
  readonly open: () => AgentTransport;
  /** The tab's callbacks: their groups are what a new connection advertises. */
  readonly callbacks: ClientCallbacks;
}

/** One tab's hold on a process. */
export interface AgentLease {
  readonly client: AgentClient;
  /** The `initialize` result, asked once per process whoever asks first. */
  initialized(): Promise<acp.InitializeResponse>;
  /** Routes the connection's callbacks for the sessions `tab` owns to its callbacks. */
  route(tab: RoutedTab): TabRoute;
  /**
   * Whether the process lives on once this lease lets go (other tabs hold it, or the grace period):
   * then what this tab leaves running on it (a turn) must be stopped by the tab itself.
   */
  outlivesRelease(): boolean;
  /** Lets go (once); resolves when the process stopped, or at once when it lives on. */
  release(): Promise<void>;
}

class PooledAgent {
  holders = 0;
  grace: Timer | undefined;
  private init: Promise<acp.InitializeResponse> | undefined;
  /** Whether new tabs may still join (false once it ended, failed to initialize or was retired). */
  joinable = true;
  private stopping: Promise<void> | undefined;

  constructor(
    readonly client: AgentClient,
    readonly router: SessionRouter,
    readonly key: string | undefined,
  ) {}

  initialized(): Promise<acp.InitializeResponse> {
    this.init ??= this.client.initialize().catch((error: unknown) => {
      this.joinable = false;
      throw error;
    });
    return this.init;
  }

  stop(): Promise<void> {
    this.joinable = false;
    this.grace?.cancel();
    this.grace = undefined;
    this.stopping ??= this.client.stop();
    return this.stopping;
  }
}

export class AgentProcesses {
  private readonly running = new Map<string, PooledAgent>();
  private readonly all = new Set<PooledAgent>();
  private readonly graceMs: number;

  constructor(private readonly options: AgentProcessesOptions) {
    this.graceMs = options.graceMs ?? PROCESS_GRACE_MS;
  }

  acquire(request: AgentLaunchRequest): AgentLease {
    const key = request.definition.processPerSession ? undefined : JSON.stringify([request.definition, request.cwd]);
    let pooled = key === undefined ? undefined : this.running.get(key);
    if (pooled && (!pooled.joinable || pooled.client.isRetired || pooled.client.transport.hasEnded)) {
      this.forget(pooled);
      pooled = undefined;
    }
    if (!pooled) pooled = this.start(request, key);
    pooled.grace?.cancel();
    pooled.grace = undefined;
    pooled.holders += 1;
    return this.leaseOf(pooled);
  }

  /** How many tabs hold `client`'s process (0 during its grace period). */
  holders(client: AgentClient): number {
    for (const pooled of this.all) if (pooled.client === client) return pooled.holders;
    return 0;
  }

  /** The processes still running or in their grace period. */
  get size(): number {
    return this.all.size;
  }

  /** Stops every process at once, held or not. */
  async dispose(): Promise<void> {
    const stopping = [...this.all].map((pooled) => pooled.stop());
    this.running.clear();
    await Promise.all(stopping);
  }

  private start(request: AgentLaunchRequest, key: string | undefined): PooledAgent {
    // Called only once the client exists (by its connection's callbacks).
    const router = new SessionRouter(request.callbacks, (sessionId: string): boolean => client.hasAttached(sessionId));
    const client: AgentClient = new AgentClient(
      request.definition,
      request.open(),
      router.callbacks,
      this.options.logger,
    );
    const pooled = new PooledAgent(client, router, key);
    if (key !== undefined) this.running.set(key, pooled);
    this.all.add(pooled);
    // Registered before any tab's: a crash takes the process out of the pool before a tab restarts.
    void client.ended.then(() => {
      this.forget(pooled);
      if (pooled.holders === 0) void pooled.stop().finally(() => this.all.delete(pooled));
    });
    return pooled;
  }

  private forget(pooled: PooledAgent): void {
    pooled.joinable = false;
    if (pooled.key !== undefined && this.running.get(pooled.key) === pooled) this.running.delete(pooled.key);
  }

  /** Whether a process no tab holds lives on for the grace period. */
  private keepsIdle(pooled: PooledAgent): boolean {
    return this.graceMs > 0 && pooled.key !== undefined && pooled.joinable && !pooled.client.isRetired;
  }

  private leaseOf(pooled: PooledAgent): AgentLease {
    let released = false;
    return {
      client: pooled.client,
      initialized: () => pooled.initialized(),
      route: (tab) => pooled.router.add(tab),
      outlivesRelease: () =>
        !released && !pooled.client.transport.hasEnded && (pooled.holders > 1 || this.keepsIdle(pooled)),
      release: async () => {
        if (released) return;
        released = true;
        pooled.holders -= 1;
        if (pooled.holders > 0) return;
        if (!this.keepsIdle(pooled)) {
          this.forget(pooled);
          await pooled.stop();
          this.all.delete(pooled);
          return;
        }
        pooled.grace = this.options.clock.schedule(
          this.graceMs,
          () => {
            if (pooled.holders > 0) return;
            this.forget(pooled);
            void pooled.stop().finally(() => this.all.delete(pooled));
          },
          { background: true },
        );
      },
    };
  }
}
