/**
 * The agent behind one panel and its current session: launching it (transport, client services,
 * `initialize`), opening the session (new, forked, reopened from the list, or reopened after a
 * crash), stopping it, and what happens when it ends on its own: the failure is reported with its
 * stderr tail and, when the session was ready, the agent is restarted with bounded backoff
 * (restartBackoff.ts) and the session reopened.
 *
 * One agent at a time: opening lets the previous agent go synchronously, and everything a
 * superseded agent, its services or its session still send is dropped (agentWiring.ts). Which
 * request opens the session, and what the transcript shows meanwhile: sessionReopening.ts.
 *
 * The process is leased from `agentProcesses` (client/agentProcesses.ts): tabs of one agent share
 * it, so letting go is a release (the process ends after its last tab, after a grace period).
 * Leaving a session (New Session, another agent, Restart, closing the tab) while the process lives
 * on cancels its running turn (`session/cancel`), so the agent does not keep working for no tab. It
 * is not closed (`session/close`): Bub then drops it from `session/list`, the user's history
 * (closing a tab closes its session explicitly, sessionManager.ts).
 */
import { AgentStartError, type AgentClient } from "../client/connection/agentClient";
import { AgentProcesses, type AgentLease } from "../client/session/agentProcesses";
import type { TabRoute } from "../client/session/sessionRouter";
import { describeRequestError, type FailureReport } from "../client/connection/agentErrors";
import type { SessionController } from "../client/session/sessionController";
import { openTransport } from "../client/connection/transports/openTransport";
import type { AgentServices } from "../client/session/agentServices";
import { openFork, type ForkSource } from "./sessionFork";
import { canReopen, diesSoon, resolveLaunch, withAuth } from "./sessionOpening";
import { openSession, showContinuation, type Reopen } from "./sessionReopening";
import { agentServicesFor, ownsSession, sessionContextFor } from "./agentWiring";
import type { AgentLifecycleDeps, LifecyclePanel } from "./lifecycleContext";
import { RestartBackoff } from "./restartBackoff";
import { english, type Translate } from "../../shared/l10n";

export class AgentLifecycle {
  private currentServices: AgentServices | undefined;
  private currentSession: SessionController | undefined;
  private currentLease: AgentLease | undefined;
  private currentRoute: TabRoute | undefined;
  private readonly processes: AgentProcesses;
  private readonly ownProcesses: boolean;
  /** The last failure shown, repeated after a reload replaces the transcript. */
  private lastFailure: FailureReport | undefined;
  private readonly restarts: RestartBackoff;
  /** The session to reopen after a crash. */
  private lastSession: { agent: string; sessionId: string } | undefined;
  /** The session this tab continues because its agent could not reopen it (its transcript is shown). */
  private continued: string | undefined;
  /** Agents that ended on their own, still being stopped (one may live on after closing stdout). */
  private readonly retired = new Set<Promise<void>>();
  /** Bumped by every stop(): an open that a later open (or close) overtook before it leased gives up. */
  private generation = 0;

  constructor(
    private readonly deps: AgentLifecycleDeps,
    private readonly panel: LifecyclePanel,
  ) {
    this.restarts = new RestartBackoff(deps.clock, deps.restartDelaysMs);
    this.ownProcesses = deps.agentProcesses === undefined;
    this.processes = deps.agentProcesses ?? new AgentProcesses({ clock: deps.clock, logger: deps.logger, graceMs: 0 });
  }

  private get t(): Translate {
    return this.deps.translate ?? english;
  }

  get client(): AgentClient | undefined {
    return this.currentLease?.client;
  }

  /** This open's hold on the process: what tells a superseded open from the current one (agentWiring.ts). */
  get lease(): AgentLease | undefined {
    return this.currentLease;
  }

  get services(): AgentServices | undefined {
    return this.currentServices;
  }

  get session(): SessionController | undefined {
    return this.currentSession;
  }

  /** The earlier session this tab stands in for: its agent could not reopen it, so a new one continues it. */
  get continues(): string | undefined {
    return this.continued;
  }

  /** A fresh session (or one forked from `fork`) on `name`, with a new count of restart attempts. */
  async start(name: string, fork?: ForkSource): Promise<void> {
    this.restarts.reset();
    this.lastSession = undefined;
    await this.open(name, undefined, fork);
  }

  /** Reconnect and reopen the last session (resume, else load with replay, else a new one). */
  async restart(): Promise<void> {
    const last = this.lastSession;
    const name = last?.agent ?? this.panel.store.state.selectedAgent ?? this.deps.catalog.defaultAgent();
    if (name === undefined) return;
    await this.open(name, last?.agent === name ? { sessionId: last.sessionId, replay: false } : undefined);
  }

  /** Opens an existing session (from the session list): loaded with its history when possible. */
  async openExisting(agent: string, sessionId: string): Promise<void> {
    this.restarts.reset();
    this.lastSession = { agent, sessionId };
    await this.open(agent, { sessionId, replay: true });
  }

  /** A turn ended well: the agent is healthy again, and the restart attempts start over. */
  turnSucceeded(): void {
    this.restarts.reset();
  }

  /** Lets the agent go without a failure: the tab has no agent until one is started. */
  async close(): Promise<void> {
    this.restarts.cancel();
    this.lastSession = undefined;
    const { store } = this.panel;
    store.dispatch({ type: "thread/reset" });
    this.panel.threadReset();
    store.dispatch({ type: "connection/closed" });
    await this.stop();
  }

  async dispose(): Promise<void> {
    this.restarts.cancel();
    await this.stop();
    await Promise.all(this.retired);
    if (this.ownProcesses) await this.processes.dispose();
  }

  /** `reopen.replay`: opened from the list (start empty, load history); else after a crash (keep the transcript). */
  private async open(name: string, reopen: Reopen | undefined, fork?: ForkSource): Promise<void> {
    const { store, notes } = this.panel;
    this.restarts.cancel();
    // "Starting" from the first moment, so a new tab is "starting" when first shown, and a message
    // sent from now on waits in the queue for this session instead of finding no agent. The old
    // agent is let go synchronously: its late updates are dropped.
    const stopped = this.stop();
    const generation = this.generation;
    if (reopen === undefined || reopen.replay) {
      store.dispatch({ type: "thread/reset" });
      this.panel.threadReset();
      if (fork)
        store.dispatch({
          type: "thread/restored",
          entries: [...fork.entries],
          ...(fork.title === undefined ? {} : { title: fork.title }),
        });
    }
    store.dispatch({ type: "connection/starting", agent: name });
    await stopped;
    const launch = await resolveLaunch(this.deps, name);
    if (generation !== this.generation) return;
    if ("message" in launch) {
      this.fail(name, launch);
      return;
    }
    const { definition } = launch;
    this.panel.checkpoints?.prepare(); // beside the agent's start-up
    const cwd = this.deps.workspace.cwd();
    let client: AgentClient | undefined;
    let lease: AgentLease | undefined;
    let opened = (): void => undefined;
    try {
      const pathValue = await this.deps.pathValue?.();
      // Overtaken while resolving: the later open leases (else it could lease first and be superseded by this one).
      if (generation !== this.generation) return;
      const services = agentServicesFor(this.deps, this.panel, this, { name, definition, cwd, pathValue });
      this.currentServices = services;
      const leased = this.processes.acquire({
        definition,
        cwd,
        callbacks: services.callbacks,
        open: () =>
          (this.deps.openTransport ?? openTransport)(
            definition,
            cwd,
            pathValue,
            this.deps.logger,
            this.deps.storageDirectory,
            this.t,
          ),
      });
      lease = leased;
      this.currentLease = leased;
      client = leased.client;
      // The connection's callbacks for this tab's session (and its children) come to its services.
      const route = leased.route({
        owns: (sessionId) => this.currentLease === leased && ownsSession(this.currentSession, sessionId),
        callbacks: services.callbacks,
      });
      this.currentRoute = route;
      void route.opening(new Promise<void>((resolve) => (opened = resolve)), fork ? undefined : reopen?.sessionId);
      void client.ended.then((report) => this.onAgentEnded(leased, report));
      await leased.initialized();
      const context = sessionContextFor(this.deps, this.panel, this, leased, services, cwd);
      const note = (title: string) => notes.note(title);
      // An agent with neither session/load nor session/resume: a new session continues the old one.
      const cannotReopen = reopen !== undefined && !canReopen(client);
      const { session, loadFailure } = await withAuth(
        client,
        this.deps.auth,
        { cwd, ...(this.deps.storageDirectory ? { runnerBase: this.deps.storageDirectory } : {}) },
        note,
        () =>
          fork && !fork.newSession
            ? openFork(context, fork).then((session): { session: SessionController; loadFailure?: FailureReport } => ({
                session,
              }))
            : openSession(this.deps, this.panel, context, name, cannotReopen ? undefined : reopen, this.lastFailure),
        this.t,
      );
      // Superseded meanwhile: the later open's stop() let go of this lease (it leased after ours, see `generation`).
      if (this.currentLease !== lease) {
        session.dispose();
        return;
      }
      this.currentSession = session;
      this.lastSession = { agent: name, sessionId: session.sessionId };
      if (reopen === undefined) this.continued = undefined;
      else if (cannotReopen || loadFailure) {
        this.continued = reopen.sessionId;
        await showContinuation(this.deps, this.panel, name, reopen.sessionId, loadFailure);
      }
      store.dispatch({ type: "connection/ready", agent: name, sessionId: session.sessionId });
      this.panel.sessionReady(session); // messages sent while the agent was starting
    } catch (error) {
      if (lease && this.currentLease !== lease) return;
      if (client && (await diesSoon(client))) return; // onAgentEnded reports the exit
      this.fail(
        name,
        error instanceof AgentStartError
          ? error.report
          : {
              ...describeRequestError(error),
              message: this.t("Could not start a session with {0}: {1}", name, describeRequestError(error).message),
            },
      );
      await this.stop();
    } finally {
      opened(); // requests that waited for this session are routed, or refused
    }
  }

  private onAgentEnded(lease: AgentLease, report: FailureReport): void {
    const { client } = lease;
    if (this.currentLease !== lease || client.isStopping) return;
    this.currentRoute?.dispose();
    this.currentRoute = undefined;
    const stopped = lease.release();
    this.currentLease = undefined;
    this.retired.add(stopped);
    void stopped.finally(() => this.retired.delete(stopped));
    void this.currentServices?.dispose();
    this.currentServices = undefined;
    this.currentSession?.dispose();
    this.currentSession = undefined;
    const wasReady = this.panel.store.state.connection.status === "ready";
    this.fail(client.name, report);
    if (!wasReady) return;
    this.panel.agentEnded();
    if (this.deps.autoRestart?.() === false) return;
    this.restarts.afterCrash(
      (attempt, of, delay) =>
        this.panel.notes.note(
          this.t("Restarting {0} in {1} s (attempt {2} of {3}).", client.name, Math.round(delay / 1000), attempt, of),
        ),
      () => void this.restart(),
    );
  }

  private fail(agent: string, report: FailureReport): void {
    this.lastFailure = report;
    this.panel.notes.failed(agent, report);
  }

  private async stop(): Promise<void> {
    this.generation += 1;
    const { currentServices: services, currentSession: session, currentLease: lease } = this;
    // The process lives on for other tabs (or the grace period): the turn left running must stop.
    if (session && lease?.outlivesRelease() && session.isBusy && !session.agentGone)
      void lease.client.connection
        .cancel(session.sessionId)
        .catch((error: unknown) => this.deps.logger.warn(`session/cancel failed: ${String(error)}`));
    session?.dispose();
    this.currentRoute?.dispose();
    this.currentRoute = undefined;
    this.currentLease = undefined;
    this.currentSession = undefined;
    this.currentServices = undefined;
    await Promise.all([services?.dispose(), lease?.release()]);
  }
}
