/**
 * One panel's conversation: the chosen agent and its current session, and the panel state they
 * produce. The agent's lifecycle (launch, crash, restart) is owned on this side, by
 * AgentLifecycle (agentLifecycle.ts), never by the webview. What the user sends is never dropped:
 * it steers the running turn, waits in the visible queue, or goes back to the composer.
 */
import type { AgentClient } from "../client/agentClient";
import type { SessionController } from "../client/sessionController";
import { PanelStore } from "./panelStore";
import type { AgentServices } from "../client/agentServices";
import type { SubmitResult } from "../client/elicitationBroker";
import type { ChangeReview } from "./changeReview";
import type { AgentActivity } from "./agentActivity";
import type { SessionCheckpoints } from "../checkpoints/sessionCheckpoints";
import { sessionReview, type SessionReviewDeps } from "./sessionReview";
import { rewoundNotice } from "./conversationRewind";
import { PromptQueue } from "./promptQueue";
import { TabNotes } from "./tabNotes";
import type { ForkSource } from "./sessionFork";
import { AgentLifecycle, type AgentLifecycleDeps } from "./agentLifecycle";
import type { PromptAttachment } from "../client/promptBuilder";
import { english, type Translate } from "../../shared/l10n";

export interface ChatSessionDeps extends AgentLifecycleDeps, SessionReviewDeps {
  /** Gives text back to the composer (a steer that failed). */
  readonly returnToComposer?: (text: string) => void;
}

export class ChatSession {
  readonly store = new PanelStore();
  /** Files the agent changed; needs file access, so absent without `ports.files`. */
  readonly review: ChangeReview | undefined;
  private readonly queue = new PromptQueue((action) => this.store.dispatch(action));
  private readonly notes = new TabNotes((action) => this.store.dispatch(action));
  private readonly lifecycle: AgentLifecycle;
  /** Goes to the agent with the next prompt: the earlier conversation of a rewound tab. */
  private pendingContext: string | undefined;
  /** The checkpoint before every turn, and restoring to one. */
  readonly checkpoints: SessionCheckpoints;
  /** Whose change a file change is (the agent's or the user's), for the review. */
  readonly activity: AgentActivity;

  private get t(): Translate {
    return this.deps.translate ?? english;
  }

  constructor(private readonly deps: ChatSessionDeps) {
    const files = deps.ports?.files;
    ({
      review: this.review,
      activity: this.activity,
      checkpoints: this.checkpoints,
    } = sessionReview(deps, this.store, files, () => this.notes.newEntryId(), this.t));
    this.lifecycle = new AgentLifecycle(deps, {
      store: this.store,
      notes: this.notes,
      review: this.review,
      checkpoints: this.checkpoints,
      threadReset: () => {
        if (this.queue.size > 0) this.queue.publish();
      },
      sessionReady: (session) => {
        // A message waiting to go out: its turn's checkpoint is the first one, nothing slower in front of it.
        if (!this.queue.hasNext) this.checkpoints.warmUp();
        void this.drainQueue(session);
      },
      agentEnded: () => this.queue.markNotSent(),
    });
  }

  private get session(): SessionController | undefined {
    return this.lifecycle.session;
  }

  private get services(): AgentServices | undefined {
    return this.lifecycle.services;
  }

  get isTurnRunning(): boolean {
    return this.session?.isTurnRunning ?? false;
  }

  /** The settings or PATH changed: the picker learns the agents, and an unused session of a removed agent goes. */
  refreshAgents(): void {
    const { catalog } = this.deps;
    const agents = catalog.names();
    const current = this.store.state.selectedAgent;
    const selected = current !== undefined && agents.includes(current) ? current : (catalog.defaultAgent() ?? current);
    this.store.dispatch({
      type: "agents/configured",
      agents,
      ...(selected === undefined ? {} : { selectedAgent: selected }),
    });
    if (this.isUnusedSessionOfRemovedAgent(agents)) void this.replaceRemovedAgent();
  }

  /**
   * A tab whose agent left the settings before anything was said in it. In a remote window VS Code
   * can hand the extension host a machine-scoped setting's local User value for a moment at
   * start-up and take it back once the setting's scope is known; a session opened in that moment
   * must not outlive it. A session with a conversation keeps its agent: the user can still read
   * and continue it.
   */
  private isUnusedSessionOfRemovedAgent(agents: readonly string[]): boolean {
    const { connection, thread } = this.store.state;
    if (connection.status === "none" || agents.includes(connection.agent)) return false;
    return thread.turn.phase === "idle" && thread.queue.length === 0 && !thread.entries.some((e) => e.kind === "user");
  }

  private async replaceRemovedAgent(): Promise<void> {
    await this.lifecycle.close();
    if (this.deps.catalog.defaultAgent() !== undefined) await this.start();
  }

  get sessionId(): string | undefined {
    return this.session?.sessionId;
  }

  /** The earlier session this tab stands in for: its agent could not reopen it, so a new one continues it. */
  get continues(): string | undefined {
    return this.lifecycle.continues;
  }

  /** Start the given agent (or the selected/default one) with a fresh session; or one forked from `fork` (sessionFork.ts). */
  async start(agentName?: string, fork?: ForkSource): Promise<void> {
    const name = agentName ?? this.store.state.selectedAgent ?? this.deps.catalog.defaultAgent();
    if (name === undefined) return;
    // A running session's queue belongs to it; messages sent while no session was up (a start
    // that failed or is replaced) were never sent anywhere, and go to this one.
    if (this.session) this.queue.clear();
    this.pendingContext = fork?.context;
    await this.lifecycle.start(name, fork);
  }

  /** Reconnect and reopen the last session (resume, else load with replay, else a new one). */
  async restart(): Promise<void> {
    await this.lifecycle.restart();
  }

  /** Opens an existing session (from the session list): loaded with its history when possible. */
  async openExisting(agent: string, sessionId: string): Promise<void> {
    await this.lifecycle.openExisting(agent, sessionId);
  }

  /** The connected agent, for session administration (list, close, delete). */
  get agentClient(): AgentClient | undefined {
    return this.lifecycle.client;
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
    if (session.agentGone) {
      // The agent has just ended and its exit is not reported yet: held as not sent, never shown as sent.
      this.queue.push(text);
      this.queue.markNotSent();
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
    if (!this.queue.retry(id)) return;
    const session = this.session;
    if (session?.isTurnRunning) await this.cancelTurn(session, false);
    else if (session) await this.drainQueue(session);
  }

  /**
   * "Send again" on a message its agent ended before sending: it goes next, now when the agent
   * is idle, after the running turn otherwise; with no agent running, the agent is restarted
   * (the session reopened) and the message goes once it is ready.
   */
  async sendQueuedAgain(id: string): Promise<void> {
    if (!this.queue.retry(id)) return;
    const session = this.session;
    const { status } = this.store.state.connection;
    if (session && status === "ready") await this.drainQueue(session);
    else if (status !== "starting") await this.restart();
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
    const context = this.pendingContext;
    this.pendingContext = undefined;
    const services = this.services;
    services?.turnStarted(session.sessionId); // a "deny all for this turn" ends here
    try {
      await session.prompt(text, attachments, context);
    } finally {
      services?.turnEnded();
    }
    if (this.session !== session) return;
    if (session.isStopUnconfirmed) void session.whenStopConfirmed().then(() => this.drainQueue(session));
    const { turn } = this.store.state.thread;
    if (turn.phase === "idle" && turn.lastStop !== "error") this.lifecycle.turnSucceeded();
    await this.drainQueue(session);
  }

  private async drainQueue(session: SessionController): Promise<void> {
    if (this.session !== session || session.isBusy) return;
    // The turn ended because the agent did (its crash is reported separately): sending now would
    // show the message as sent to an agent that can no longer receive it.
    if (session.agentGone) return this.queue.markNotSent();
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

  /** Brings the files back to just before the message `entryId` (a notice with Redo says what). */
  async restoreCheckpoint(entryId: string): Promise<number> {
    if (this.isTurnRunning) throw new Error(this.t("Stop the running turn before restoring a checkpoint."));
    const entry = this.store.state.thread.entries.find((e) => e.kind === "user" && e.id === entryId);
    return this.checkpoints.restore(entryId, entry?.kind === "user" ? entry.text : "");
  }

  /** Says in a rewound tab what happened to the conversation (conversationRewind.ts). */
  noteRewound(): void {
    this.notes.note(rewoundNotice(this.t));
  }

  async redoRestore(restoreId: string): Promise<void> {
    if (this.isTurnRunning) throw new Error(this.t("Stop the running turn before taking a restore back."));
    await this.checkpoints.redo(restoreId);
  }

  async dispose(): Promise<void> {
    this.activity.dispose();
    this.checkpoints.dispose();
    await this.lifecycle.dispose();
  }
}
