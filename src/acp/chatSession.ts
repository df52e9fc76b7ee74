/**
 * One panel's conversation with one agent: starts the agent, opens an ACP session, sends prompts
 * and cancels, and turns everything that happens into panel actions. The agent's lifecycle is
 * owned here, never by the webview.
 */
import { Readable, Writable } from "node:stream";
import { AgentConnection } from "./connection";
import { AgentProcess, type AgentExit } from "./agentProcess";
import { PanelStore } from "./panelStore";
import { describeStartFailure, describeExit } from "./agentErrors";
import type { AgentCatalog, Clock, Logger, WorkspacePort } from "./ports";
import { isTurnActive } from "../shared/thread";

const INITIALIZE_TIMEOUT_MS = 30_000;

interface LiveAgent {
  readonly name: string;
  readonly process: AgentProcess;
  readonly connection: AgentConnection;
  sessionId?: string;
  stopping: boolean;
}

export class ChatSession {
  readonly store = new PanelStore();
  private live: LiveAgent | undefined;
  private nextEntry = 0;

  constructor(
    private readonly catalog: AgentCatalog,
    private readonly workspace: WorkspacePort,
    private readonly logger: Logger,
    private readonly clock: Clock,
  ) {}

  /** Re-read the configured agents (settings changed). */
  refreshAgents(): void {
    const selected = this.store.state.selectedAgent ?? this.catalog.defaultAgent();
    this.store.dispatch({ type: "agents/configured", agents: this.catalog.names(), ...(selected === undefined ? {} : { selectedAgent: selected }) });
  }

  /** Start the given agent (or the selected/default one) with a fresh session. */
  async start(agentName?: string): Promise<void> {
    const name = agentName ?? this.store.state.selectedAgent ?? this.catalog.defaultAgent();
    if (name === undefined) return;
    await this.stopAgent();
    this.store.dispatch({ type: "thread/reset" });
    this.store.dispatch({ type: "connection/starting", agent: name });
    const launch = this.catalog.launch(name);
    if (!launch) {
      this.fail(name, `No agent named "${name}" is configured.`, 'Add it under "acpPanel.agents" in your user settings.');
      return;
    }
    const cwd = this.workspace.cwd();
    const agentProcess = new AgentProcess(launch, cwd, this.logger);
    const connection = new AgentConnection(
      { input: Readable.toWeb(agentProcess.stdout) as ReadableStream<Uint8Array>, output: Writable.toWeb(agentProcess.stdin) },
      {
        sessionUpdate: (sessionId, update) => this.onSessionUpdate(live, sessionId, update),
        traffic: (direction, message) => this.logger.traffic(direction, name, () => JSON.stringify(message)),
      },
    );
    const live: LiveAgent = { name, process: agentProcess, connection, stopping: false };
    this.live = live;
    void agentProcess.exited.then((exit) => this.onExit(live, exit));

    try {
      const init = await withTimeout(connection.initialize(), INITIALIZE_TIMEOUT_MS, "the agent did not answer `initialize`");
      if (this.live !== live) return;
      if (init.protocolVersion !== 1) {
        this.fail(name, `The agent speaks ACP protocol version ${init.protocolVersion}; ACP Panel speaks version 1.`, "Update the agent or ACP Panel.");
        await this.stopAgent();
        return;
      }
      const session = await connection.newSession(cwd);
      if (this.live !== live) return;
      live.sessionId = session.sessionId;
      this.store.dispatch({ type: "connection/ready", agent: name, sessionId: session.sessionId });
    } catch (error) {
      if (this.live !== live || (await diesSoon(live))) return; // the exit handler reports it
      const failure = describeStartFailure(launch, error);
      this.fail(name, failure.message, failure.details);
      await this.stopAgent();
    }
  }

  async prompt(text: string): Promise<void> {
    const live = this.live;
    const sessionId = live?.sessionId;
    if (!live || sessionId === undefined || isTurnActive(this.store.state.thread)) return;
    this.store.dispatch({ type: "turn/started", entryId: this.newEntryId(), text, at: this.clock.now() });
    try {
      const response = await live.connection.prompt(sessionId, [{ type: "text", text }]);
      if (this.live === live) this.store.dispatch({ type: "turn/ended", stopReason: response.stopReason });
    } catch (error) {
      if (this.live !== live || live.stopping || (await diesSoon(live))) return; // the exit handler reports it
      // An agent may answer a cancelled prompt with an error: that is still a cancellation.
      if (this.store.state.thread.turn.phase === "cancelling") {
        this.store.dispatch({ type: "turn/ended", stopReason: "cancelled" });
        return;
      }
      this.store.dispatch({ type: "turn/failed", entryId: this.newEntryId(), message: `The agent could not complete the prompt: ${errorMessage(error)}` });
    }
  }

  async cancel(): Promise<void> {
    const live = this.live;
    if (!live?.sessionId || this.store.state.thread.turn.phase !== "running") return;
    this.store.dispatch({ type: "turn/cancelling" });
    await live.connection.cancel(live.sessionId).catch((error: unknown) => this.logger.warn(`session/cancel failed: ${errorMessage(error)}`));
  }

  async dispose(): Promise<void> {
    await this.stopAgent();
  }

  private onSessionUpdate(live: LiveAgent, sessionId: string, update: unknown): void {
    if (this.live !== live) return;
    // Updates may arrive before the `session/new` response names the session; accept them.
    if (live.sessionId !== undefined && sessionId !== live.sessionId) {
      this.logger.warn(`Dropped an update for unknown session ${sessionId}`);
      return;
    }
    if (typeof update !== "object" || update === null || typeof (update as { sessionUpdate?: unknown }).sessionUpdate !== "string") {
      this.logger.warn(`Dropped a malformed session/update: ${JSON.stringify(update)?.slice(0, 200)}`);
      return;
    }
    this.store.dispatch({ type: "acp/update", entryId: this.newEntryId(), update: update as { sessionUpdate: string } });
  }

  private onExit(live: LiveAgent, exit: AgentExit): void {
    live.connection.close();
    if (this.live !== live || live.stopping) return;
    this.live = undefined;
    const failure = exit.spawnError
      ? describeStartFailure(live.process.launch, exit.spawnError)
      : describeExit(exit, live.process.stderr());
    this.fail(live.name, failure.message, failure.details);
  }

  private fail(agent: string, message: string, details?: string): void {
    this.store.dispatch({ type: "connection/failed", agent, message, ...(details === undefined ? {} : { details }) });
    this.store.dispatch({ type: "thread/error", entryId: this.newEntryId(), message, ...(details === undefined ? {} : { details }) });
  }

  private async stopAgent(): Promise<void> {
    const live = this.live;
    if (!live) return;
    live.stopping = true;
    this.live = undefined;
    live.connection.close();
    await live.process.stop();
  }

  private newEntryId(): string {
    this.nextEntry += 1;
    return `e${this.nextEntry}`;
  }
}

/**
 * A closed connection usually means the process is exiting, but stdout closes before the exit
 * event fires: give it a moment so the exit code and stderr tail can be reported instead.
 */
async function diesSoon(live: LiveAgent): Promise<boolean> {
  if (live.process.hasExited) return true;
  const exited = await Promise.race([live.process.exited.then(() => true), new Promise<false>((resolve) => setTimeout(() => resolve(false), 500))]);
  return exited;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Timed out after ${ms / 1000} s: ${what}.`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
