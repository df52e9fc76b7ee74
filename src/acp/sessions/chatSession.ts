/**
 * One panel's conversation: the chosen agent and its current session, and the panel state they
 * produce. The agent's lifecycle (launch, crash, restart) is owned on this side, by
 * AgentLifecycle (agentLifecycle.ts), never by the webview. What the user sends is never dropped:
 * it steers the running turn, waits in the visible queue, or goes back to the composer.
 */
import type { AgentClient } from "../client/connection/agentClient";
import type { SessionController } from "../client/session/sessionController";
import { PanelStore } from "./panelStore";
import type { AgentServices } from "../client/session/agentServices";
import type { SubmitResult } from "../client/callbacks/elicitationBroker";
import type { ChangeReview } from "./changeReview";
import type { AgentActivity } from "./agentActivity";
import type { SessionCheckpoints } from "../checkpoints/sessionCheckpoints";
import type { WorkspaceCheckpoints } from "../checkpoints/workspaceCheckpoints";
import type { TabWorktree } from "../worktrees/tabWorktree";
import { sessionReview, type SessionReviewDeps } from "./sessionReview";
import { rewoundNotice } from "./conversationRewind";
import { PromptQueue } from "./promptQueue";
import { TurnRunner } from "./turnRunner";
import { TabNotes } from "./tabNotes";
import type { ForkSource } from "./sessionFork";
import { AgentLifecycle } from "./agentLifecycle";
import type { AgentLifecycleDeps } from "./lifecycleContext";
import type { PromptAttachment } from "../client/session/promptBuilder";
import { english, type Translate } from "../../shared/l10n";
import { offerAgents } from "./agentChoice";
import type { ConnectionState } from "../../shared/wire/panelState";
import { redoRestore, restoreBeforeMessage } from "./sessionRestore";
import { setConfigOption, setMode, setProvider, type SettingsTarget } from "./sessionSettings";
import { MAX_PERMISSION_NOTE, permissionNoteMessage } from "../../shared/wire/permissionNote";

export interface ChatSessionDeps extends AgentLifecycleDeps, SessionReviewDeps {
  /** Gives text back to the composer (a steer that failed). */
  readonly returnToComposer?: (text: string) => void;
  /** Checkpoints of a worktree's folder, for a tab that works there (the manager's deps). */
  readonly worktreeCheckpoints?: (folder: string) => WorkspaceCheckpoints;
  /** The panel's worktree at `cwd`, if it made one there: a session reopened from the history goes back to it. */
  readonly worktreeOf?: (cwd: string | undefined) => TabWorktree | undefined;
}

export class ChatSession {
  readonly store = new PanelStore();
  /** Files the agent changed; needs file access, so absent without `ports.files`. */
  readonly review: ChangeReview | undefined;
  private readonly queue = new PromptQueue((action) => this.store.dispatch(action));
  private readonly notes = new TabNotes((action) => this.store.dispatch(action));
  private readonly lifecycle: AgentLifecycle;
  private readonly turns: TurnRunner;
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
        // Also with a message waiting to go out: its turn's checkpoint does not wait for this one
        // (ShadowRepository.begin), which would otherwise be that turn's, and hash every file.
        this.checkpoints.warmUp();
        void this.turns.drain(session);
      },
      agentEnded: () => this.queue.markNotSent(),
    });
    this.turns = new TurnRunner(this.store, this.queue, this.lifecycle);
  }

  /** The git worktree this tab works in, if any. */
  get worktree(): TabWorktree | undefined {
    return this.deps.worktree;
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
    if (offerAgents(this.store, this.deps.catalog)) void this.replaceRemovedAgent();
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
    this.turns.pendingContext = fork?.context;
    await this.lifecycle.start(name, fork);
  }

  /**
   * Reconnect and reopen the last session (resume, else load with replay, else a new one). The
   * user's Restart asks for a new agent process: the shared one is retired first (other tabs on it
   * keep it until they let go), so this tab's restart does not simply rejoin it.
   */
  async restart(): Promise<void> {
    this.lifecycle.client?.retire();
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
    if (!session || status !== "ready") return this.holdNotReady(status, text);
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
    await this.turns.run(session, text, attachments);
  }

  /**
   * Never dropped (issue 16): while the agent starts the message waits in the visible queue, sent
   * once the session is ready; with no agent running it goes back to the composer.
   */
  private holdNotReady(status: ConnectionState["status"], text: string): void {
    if (status === "starting") {
      this.queue.paused = false;
      return this.queue.push(text);
    }
    this.deps.returnToComposer?.(text);
    const message =
      status === "failed"
        ? this.t("Not sent: no agent is running (it failed to start). Your message is back in the prompt box.")
        : this.t("Not sent: no agent is running. Your message is back in the prompt box.");
    this.store.dispatch({ type: "thread/error", entryId: this.notes.newEntryId(), message });
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
    if (session?.isTurnRunning) await this.turns.cancel(session, false);
    else if (session) await this.turns.drain(session);
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
    if (session && status === "ready") await this.turns.drain(session);
    else if (status !== "starting") await this.restart();
  }

  async cancel(): Promise<void> {
    const session = this.session;
    if (!session?.isTurnRunning) return;
    // A manual Stop pauses the queue: the user decides what happens next.
    await this.turns.cancel(session, true);
  }

  /**
   * The user's answer to a permission request. A `note` goes to the agent as a message of its own,
   * first in the queue (sent when the turn ends): no agent reads a feedback field (permissionNote.ts).
   */
  answerPermission(requestId: string, optionId: string | undefined, note?: string): void {
    const answered = this.services?.permissions.answer(requestId, optionId);
    const words = note?.trim().slice(0, MAX_PERMISSION_NOTE);
    if (!answered || !words) return;
    this.queue.paused = false; // a note is the user sending: it resumes a queue paused by Stop
    this.queue.pushFirst(permissionNoteMessage(answered.what, answered.chose, words));
    // The turn may be over already (the agent went on without waiting): the note goes now.
    const session = this.session;
    if (session && !session.isBusy) void this.turns.drain(session);
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

  /**
   * "Kill command" on a terminal's card: ends that command if it runs for this tab's session (the
   * id comes from the webview: another session's or an unknown one is ignored). The agent sees the
   * exit status when it next asks, as after its own `terminal/kill`; the turn goes on.
   */
  async killTerminal(terminalId: string): Promise<void> {
    const sessionId = this.sessionId;
    if (sessionId !== undefined) await this.services?.terminals?.killOwned(sessionId, terminalId);
  }

  setConfigOption(configId: string, value: string | boolean): Promise<void> {
    return setConfigOption(this.settingsTarget, configId, value);
  }

  /** Unstable `providers/set` / `providers/disable`; the list is read again after either. */
  setProvider(providerId: string, change: { apiType: string; baseUrl: string } | "disable"): Promise<void> {
    return setProvider(this.settingsTarget, providerId, change);
  }

  setMode(modeId: string): Promise<void> {
    return setMode(this.settingsTarget, modeId);
  }

  private get settingsTarget(): SettingsTarget {
    const providers = this.store.state.thread.providers ?? [];
    return { session: this.session, providers, notes: this.notes, t: this.t };
  }

  /** Brings the files back to just before the message `entryId` (a notice with Redo says what). */
  restoreCheckpoint(entryId: string): Promise<number> {
    return restoreBeforeMessage(this.checkpoints, this.store.state.thread, entryId, this.isTurnRunning, this.t);
  }

  /** After Sign Out of Agent (sessionActions.ts): the tab says what the next message may need. */
  noteSignedOut(agent: string): void {
    this.notes.note(this.t("Signed out of {0}. The next message may ask you to sign in again.", agent));
  }

  /** Says in a rewound tab what happened to the conversation (conversationRewind.ts). */
  noteRewound(): void {
    this.notes.note(rewoundNotice(this.t));
  }

  redoRestore(restoreId: string): Promise<void> {
    return redoRestore(this.checkpoints, restoreId, this.isTurnRunning, this.t);
  }

  async dispose(): Promise<void> {
    this.activity.dispose();
    this.checkpoints.dispose();
    await this.lifecycle.dispose();
  }
}
