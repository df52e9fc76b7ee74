/**
 * One panel's conversation: the chosen agent (an AgentClient), its current session (a
 * SessionController), and the panel state they produce. The agent's lifecycle is owned here,
 * never by the webview: a crash is reported with its stderr tail, the turn ends, and the agent
 * is restarted (automatically, with bounded backoff, or by the user) and the session reopened.
 */
import { agentIdOf } from "../agents/agentIdentity";
import { AgentClient, AgentStartError } from "../client/agentClient";
import type { AuthPrompt } from "../client/authFlow";
import { describeRequestError, type FailureReport } from "../client/agentErrors";
import { SessionController, type SessionContext } from "../client/sessionController";
import { PanelStore } from "./panelStore";
import { openTransport } from "../client/transports/openTransport";
import { AgentServices, type ClientPorts } from "../client/agentServices";
import type { SubmitResult } from "../client/elicitationBroker";
import { ChangeReview } from "./changeReview";
import { PromptQueue } from "./promptQueue";
import { TabNotes } from "./tabNotes";
import { openFork, type ForkSource } from "./sessionFork";
import {
  canReopen,
  diesSoon,
  reopenAfterCrash,
  reopenOrContinue,
  resolveLaunch,
  showKeptTranscript,
  withAuth,
} from "./sessionOpening";
import { grantedCapabilities } from "../agents/networkPolicy";
import { capabilitiesOf } from "../client/agentCapabilities";
import { clientMcpServers, vscodeToolsEnabled } from "../client/vscodeTools/vscodeToolServers";
import { isAwaitingUser, threadPhase } from "../../shared/threadPhase";
import type { AgentCatalog, Clock, Logger, Timer, WorkspacePort } from "../ports";
import type { PromptAttachment } from "../client/promptBuilder";
import type { StoredTranscript } from "./transcriptStore";
import { english, type Translate } from "../../shared/l10n";

export interface ChatSessionDeps {
  readonly catalog: AgentCatalog;
  readonly workspace: WorkspacePort;
  readonly logger: Logger;
  readonly clock: Clock;
  readonly auth?: AuthPrompt;
  /** What the client offers agents: files, terminals, permission and form UI. */
  readonly ports?: ClientPorts;
  /** PATH to spawn agents with (the login shell's). */
  readonly pathValue?: () => Promise<string | undefined>;
  /** Gives text back to the composer (a steer that failed). */
  readonly returnToComposer?: (text: string) => void;
  /** Fills in secret references in an agent's env (`${secret:NAME}`) at launch. */
  readonly resolveEnv?: (env: Readonly<Record<string, string>>) => Promise<Record<string, string>>;
  /** Fills in secret references in a network agent's `headers` at launch. */
  readonly resolveHeaders?: (headers: Readonly<Record<string, string>>) => Promise<Record<string, string>>;
  /** The extension's private storage folder: package runners (npx, uvx…) start in a folder inside it. */
  readonly storageDirectory?: string;
  /** Delays before automatic restarts after consecutive crashes; empty = never. */
  readonly restartDelaysMs?: readonly number[];
  /** Transcripts kept locally, shown when the agent cannot reopen a session. */
  readonly transcripts?: { get(agent: string, sessionId: string): StoredTranscript | undefined };
  /** The user's language for what the panel writes in the transcript (default English; agent text is never translated). */
  readonly translate?: Translate;
}

const DEFAULT_RESTART_DELAYS = [1000, 3000, 8000];

export class ChatSession {
  readonly store = new PanelStore();
  /** Files the agent changed; needs file access, so absent without `ports.files`. */
  readonly review: ChangeReview | undefined;
  private client: AgentClient | undefined;
  private services: AgentServices | undefined;
  private session: SessionController | undefined;
  private readonly queue = new PromptQueue((action) => this.store.dispatch(action));
  private readonly notes = new TabNotes((action) => this.store.dispatch(action));
  /** The last failure shown, repeated after a reload replaces the transcript. */
  private lastFailure: FailureReport | undefined;
  private crashes = 0;
  private restartTimer: Timer | undefined;
  /** The session to reopen after a crash. */
  private lastSession: { agent: string; sessionId: string } | undefined;
  /** The session this tab continues because its agent could not reopen it (its transcript is shown). */
  private continued: string | undefined;
  /** Agents that ended on their own, still being stopped (one may live on after closing stdout). */
  private readonly retired = new Set<Promise<void>>();

  private get t(): Translate {
    return this.deps.translate ?? english;
  }

  constructor(private readonly deps: ChatSessionDeps) {
    const files = deps.ports?.files;
    this.review = files ? new ChangeReview((action) => this.store.dispatch(action), files) : undefined;
  }

  get isTurnRunning(): boolean {
    return this.session?.isTurnRunning ?? false;
  }

  refreshAgents(): void {
    const { catalog } = this.deps;
    const selected = this.store.state.selectedAgent ?? catalog.defaultAgent();
    this.store.dispatch({
      type: "agents/configured",
      agents: catalog.names(),
      ...(selected === undefined ? {} : { selectedAgent: selected }),
    });
  }

  get sessionId(): string | undefined {
    return this.session?.sessionId;
  }

  /** The earlier session this tab stands in for: its agent could not reopen it, so a new one continues it. */
  get continues(): string | undefined {
    return this.continued;
  }

  /** Start the given agent (or the selected/default one) with a fresh session; or one forked from `fork` (sessionFork.ts). */
  async start(agentName?: string, fork?: ForkSource): Promise<void> {
    const name = agentName ?? this.store.state.selectedAgent ?? this.deps.catalog.defaultAgent();
    if (name === undefined) return;
    this.crashes = 0;
    this.lastSession = undefined;
    // A running session's queue belongs to it; messages sent while no session was up (a start
    // that failed or is replaced) were never sent anywhere, and go to this one.
    if (this.session) this.queue.clear();
    await this.open(name, undefined, fork);
  }

  /** Reconnect and reopen the last session (resume, else load with replay, else a new one). */
  async restart(): Promise<void> {
    const last = this.lastSession;
    const name = last?.agent ?? this.store.state.selectedAgent ?? this.deps.catalog.defaultAgent();
    if (name === undefined) return;
    await this.open(name, last?.agent === name ? { sessionId: last.sessionId, replay: false } : undefined);
  }

  /** Opens an existing session (from the session list): loaded with its history when possible. */
  async openExisting(agent: string, sessionId: string): Promise<void> {
    this.crashes = 0;
    this.lastSession = { agent, sessionId };
    await this.open(agent, { sessionId, replay: true });
  }

  /** The connected agent, for session administration (list, close, delete). */
  get agentClient(): AgentClient | undefined {
    return this.client;
  }

  /**
   * Sends the user's message. While the agent is busy it steers the turn when the agent supports
   * steering, and queues the message otherwise (sent when the turn ends).
   */
  async prompt(text: string, attachments: readonly PromptAttachment[] = []): Promise<void> {
    const session = this.session;
    const { status } = this.store.state.connection;
    if (!session || status !== "ready") {
      // Never dropped (issue 16): while the agent starts the message waits in the visible queue,
      // sent once the session is ready; with no agent running it goes back to the composer.
      if (status === "starting") {
        this.queue.paused = false;
        this.queue.push(text);
      } else {
        this.deps.returnToComposer?.(text);
        this.store.dispatch({
          type: "thread/error",
          entryId: this.notes.newEntryId(),
          message:
            status === "failed"
              ? this.t("Not sent: no agent is running (it failed to start). Your message is back in the prompt box.")
              : this.t("Not sent: no agent is running. Your message is back in the prompt box."),
        });
      }
      return;
    }
    if (session.isBusy) {
      if (session.steeringRoute === "none") {
        // Sent after a Stop the agent has not confirmed: it goes out once the agent answers.
        if (session.isStopUnconfirmed) this.queue.paused = false;
        this.queue.push(text);
        return;
      }
      const outcome = await session.steer(text, attachments);
      if (outcome === "failed" || outcome === "prompt-required") this.deps.returnToComposer?.(text);
      return;
    }
    this.queue.paused = false; // sending again resumes a queue paused by Stop
    await this.runTurn(session, text, attachments);
  }

  /** Puts back messages that were queued before a window reload (held until the user sends). */
  restoreQueue(texts: readonly string[]): void {
    for (const text of texts) this.queue.push(text);
    if (texts.length > 0) this.queue.paused = true;
  }

  editQueued(id: string, text: string): void {
    this.queue.edit(id, text);
  }

  removeQueued(id: string): void {
    this.queue.remove(id);
  }

  /** "Send now": cancel the running turn and send this queued message next. */
  async sendQueuedNow(id: string): Promise<void> {
    if (!this.queue.promote(id)) return;
    const session = this.session;
    if (session?.isTurnRunning) await this.cancelTurn(session, false);
    else if (session) await this.drainQueue(session);
  }

  async cancel(): Promise<void> {
    const session = this.session;
    if (!session?.isTurnRunning) return;
    // A manual Stop pauses the queue: the user decides what happens next.
    await this.cancelTurn(session, true);
  }

  private async runTurn(
    session: SessionController,
    text: string,
    attachments: readonly PromptAttachment[],
  ): Promise<void> {
    await session.prompt(text, attachments);
    if (this.session !== session) return;
    if (session.isStopUnconfirmed) void session.whenStopConfirmed().then(() => this.drainQueue(session));
    const { turn } = this.store.state.thread;
    if (turn.phase === "idle" && turn.lastStop !== "error") this.crashes = 0;
    await this.drainQueue(session);
  }

  private async drainQueue(session: SessionController): Promise<void> {
    if (this.session !== session || session.isBusy) return;
    const next = this.queue.takeNext();
    if (next) await this.runTurn(session, next.text, []);
  }

  private async cancelTurn(session: SessionController, manual: boolean): Promise<void> {
    if (manual) this.queue.paused = true;
    // ACP: the client answers every pending permission of the session `cancelled` on cancel.
    this.services?.cancelSession(session.sessionId);
    await session.cancel();
  }

  answerPermission(requestId: string, optionId: string | undefined): void {
    this.services?.permissions.answer(requestId, optionId);
  }

  submitForm(requestId: string, values: Readonly<Record<string, unknown>>): SubmitResult {
    return (
      this.services?.forms.submit(requestId, values) ?? {
        ok: false,
        errors: { "": this.t("The agent is not connected.") },
      }
    );
  }

  declineForm(requestId: string): void {
    this.services?.forms.decline(requestId);
  }

  cancelForm(requestId: string): void {
    this.services?.forms.cancel(requestId);
  }

  async setConfigOption(configId: string, value: string | boolean): Promise<void> {
    await this.session
      ?.setConfigOption(configId, value)
      .catch((error: unknown) => this.notes.error(this.t("Could not change the setting"), error));
  }

  /** Unstable `providers/set` / `providers/disable`; the list is read again after either. */
  async setProvider(providerId: string, change: { apiType: string; baseUrl: string } | "disable"): Promise<void> {
    const session = this.session;
    if (!session) return;
    const done =
      change === "disable"
        ? session.providers.disable(providerId, this.store.state.thread.providers ?? [])
        : session.providers.set(providerId, change.apiType, change.baseUrl);
    await done.catch((error: unknown) =>
      this.notes.error(this.t("Could not change the provider {0}", providerId), error),
    );
  }

  async setMode(modeId: string): Promise<void> {
    await this.session
      ?.setMode(modeId)
      .catch((error: unknown) => this.notes.error(this.t("Could not change the mode"), error));
  }

  async dispose(): Promise<void> {
    this.restartTimer?.cancel();
    await this.stopAgent();
    await Promise.all(this.retired);
  }

  /** `reopen.replay`: opened from the list (start empty, load history); else after a crash (keep the transcript). */
  private async open(
    name: string,
    reopen: { sessionId: string; replay: boolean } | undefined,
    fork?: ForkSource,
  ): Promise<void> {
    this.restartTimer?.cancel();
    this.restartTimer = undefined;
    // "Starting" from the first moment, so a new tab is "starting" when first shown, and a message
    // sent from now on waits in the queue for this session instead of finding no agent. The old
    // agent is let go synchronously: its late updates are dropped.
    const stopped = this.stopAgent();
    if (reopen === undefined || reopen.replay) {
      this.store.dispatch({ type: "thread/reset" });
      if (this.queue.size > 0) this.queue.publish();
      if (fork)
        this.store.dispatch({
          type: "thread/restored",
          entries: [...fork.entries],
          ...(fork.title === undefined ? {} : { title: fork.title }),
        });
    }
    this.store.dispatch({ type: "connection/starting", agent: name });
    await stopped;
    const launch = await resolveLaunch(this.deps, name);
    if ("message" in launch) {
      this.fail(name, launch);
      return;
    }
    const { definition } = launch;
    const cwd = this.deps.workspace.cwd();
    let client: AgentClient | undefined;
    try {
      const pathValue = await this.deps.pathValue?.();
      const transport = openTransport(definition, cwd, pathValue, this.deps.logger, this.deps.storageDirectory, this.t);
      // Not `cwd`: with no folder open the cwd is a fallback (home), and nothing is inside.
      const roots = this.deps.workspace.roots();
      const services = new AgentServices({
        agent: name,
        grants: grantedCapabilities(definition),
        agentId: agentIdOf(definition),
        ports: { ...this.deps.ports, onWrite: (write) => this.review?.record(write.path, write.before, write.after) },
        dispatch: (sessionId, action) => {
          if (
            this.services === services &&
            (this.session === undefined ||
              this.session.sessionId === sessionId ||
              this.session.children.owns(sessionId))
          )
            this.store.dispatch(action);
        },
        newId: () => this.notes.newEntryId(),
        roots: () => roots,
        cwd: () => cwd,
        ...(pathValue ? { pathValue: () => pathValue } : {}),
        ...(vscodeToolsEnabled(this.deps.ports?.vscodeTools, definition)
          ? { vscodeTools: { sessionId: () => this.session?.sessionId ?? "" } }
          : {}),
      });
      this.services = services;
      client = new AgentClient(definition, transport, services.callbacks, this.deps.logger);
      this.client = client;
      void client.ended.then((report) => this.onAgentEnded(client!, report));
      await client.initialize();
      const context = this.sessionContext(client, services, cwd);
      const note = (title: string) => this.notes.note(title);
      // An agent with neither session/load nor session/resume: a new session continues the old one.
      const cannotReopen = reopen !== undefined && !canReopen(client);
      const { session, loadFailure } = await withAuth(
        client,
        this.deps.auth,
        note,
        () =>
          fork
            ? openFork(context, fork).then((session): { session: SessionController; loadFailure?: FailureReport } => ({
                session,
              }))
            : this.openSession(context, name, cannotReopen ? undefined : reopen),
        this.t,
      );
      if (this.client !== client) {
        session.dispose();
        return;
      }
      this.session = session;
      this.lastSession = { agent: name, sessionId: session.sessionId };
      if (reopen === undefined) this.continued = undefined;
      else if (cannotReopen || loadFailure) this.continueLocally(name, reopen.sessionId, loadFailure);
      this.store.dispatch({ type: "connection/ready", agent: name, sessionId: session.sessionId });
      void this.drainQueue(session); // messages sent while the agent was starting
    } catch (error) {
      if (client && this.client !== client) return;
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
      await this.stopAgent();
    }
  }

  /** A new session; or a listed one reopened (continued from the kept copy when its load fails); or the last one after a crash. */
  private async openSession(
    context: SessionContext,
    name: string,
    reopen: { sessionId: string; replay: boolean } | undefined,
  ): Promise<{ session: SessionController; loadFailure?: FailureReport }> {
    if (reopen === undefined) return { session: await SessionController.create(context) };
    const { sessionId } = reopen;
    if (!reopen.replay)
      return {
        session: await this.loading(name, sessionId, () =>
          reopenAfterCrash(context, sessionId, (title) => this.notes.note(title), this.lastFailure),
        ),
      };
    const hasKeptCopy = this.deps.transcripts?.get(name, sessionId) !== undefined;
    return reopenOrContinue(
      context,
      () => this.loading(name, sessionId, () => SessionController.reopen(context, sessionId, true)),
      hasKeptCopy,
    );
  }

  /**
   * Runs a `session/load` or `session/resume` (`open`): the panel says "Loading session…", and the
   * history the agent replays meanwhile is held, folded as one batch and sent to the webview as
   * one snapshot when the request returns or fails (see PanelStore.holdReplay).
   */
  private async loading<T>(agent: string, sessionId: string, open: () => Promise<T>): Promise<T> {
    this.store.dispatch({ type: "connection/loading", agent, sessionId });
    const release = this.store.holdReplay();
    try {
      return await open();
    } finally {
      release();
    }
  }

  private sessionContext(client: AgentClient, services: AgentServices, cwd: string): SessionContext {
    return {
      client,
      cwd,
      additionalDirectories: this.deps.workspace.additionalDirectories?.() ?? [],
      sink: (action) => {
        if (this.client === client) this.store.dispatch(action);
      },
      newId: () => this.notes.newEntryId(),
      clock: this.deps.clock,
      logger: this.deps.logger,
      awaitingUser: () => isAwaitingUser(threadPhase(this.store.state.thread)),
      translate: this.t,
      clientMcpServers: () =>
        clientMcpServers(services.vscodeTools, client.connection, capabilitiesOf(client.init).mcpOverAcp, (message) =>
          this.deps.logger.warn(message),
        ),
    };
  }

  /** A new session continues `sessionId`, which the agent could not reopen: show what this client kept of it. */
  private continueLocally(agent: string, sessionId: string, loadFailure: FailureReport | undefined): void {
    this.continued = sessionId;
    if (loadFailure) this.store.dispatch({ type: "thread/reset" }); // a partial replay gives way to the kept copy
    showKeptTranscript(
      (action) => this.store.dispatch(action),
      this.notes.newEntryId(),
      {
        agent,
        shown: this.store.state.thread.entries.length > 0,
        kept: this.deps.transcripts?.get(agent, sessionId),
        ...(loadFailure ? { loadFailure } : {}),
      },
      this.t,
    );
  }

  private onAgentEnded(client: AgentClient, report: FailureReport): void {
    if (this.client !== client || client.isStopping) return;
    const stopped = client.stop();
    this.retired.add(stopped);
    void stopped.finally(() => this.retired.delete(stopped));
    this.client = undefined;
    void this.services?.dispose();
    this.services = undefined;
    this.session?.dispose();
    this.session = undefined;
    const wasReady = this.store.state.connection.status === "ready";
    this.fail(client.name, report);
    const delays = this.deps.restartDelaysMs ?? DEFAULT_RESTART_DELAYS;
    if (!wasReady || this.crashes >= delays.length) return;
    const delay = delays[this.crashes] ?? 0;
    this.crashes += 1;
    this.notes.note(
      this.t(
        "Restarting {0} in {1} s (attempt {2} of {3}).",
        client.name,
        Math.round(delay / 1000),
        this.crashes,
        delays.length,
      ),
    );
    this.restartTimer = this.deps.clock.schedule(delay, () => void this.restart());
  }

  private fail(agent: string, report: FailureReport): void {
    this.lastFailure = report;
    this.notes.failed(agent, report);
  }

  private async stopAgent(): Promise<void> {
    const client = this.client;
    const services = this.services;
    this.session?.dispose();
    this.session = undefined;
    this.client = undefined;
    this.services = undefined;
    await Promise.all([services?.dispose(), client?.stop()]);
  }
}
