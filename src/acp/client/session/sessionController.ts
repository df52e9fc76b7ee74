/**
 * One ACP session on one agent: opening it (new, load with replay, or resume), prompts, cancel,
 * config options and modes. Everything it learns becomes a thread action for its sink. The parts
 * live beside it: the open requests' parameters (openRequests.ts), settings (sessionSettings.ts),
 * routing of updates (sessionUpdates.ts), the end of a turn (turnEnd.ts), the silence watchdog
 * (silenceWatchdog.ts), Stop (stopGrace.ts) and steering (steerer.ts).
 */
import type * as acp from "@agentclientprotocol/sdk";
import { buildPrompt, type PromptAttachment } from "./promptBuilder";
import { capabilitiesOf } from "../connection/agentCapabilities";
import { steeringRouteOf, type SteerOutcome, type SteeringRoute } from "./steering";
import { StopGrace } from "./stopGrace";
import { Steerer } from "./steerer";
import { describeRequestError } from "../connection/agentErrors";
import { english } from "../../../shared/l10n";
import { ChildSessions } from "./childSessions";
import { ProviderSettings } from "./providerSettings";
import { openParams, reopenModeOf } from "./openRequests";
import { applyDefaultConfig, applySessionState, setConfigOption, setMode } from "./sessionSettings";
import { SessionUpdates } from "./sessionUpdates";
import { reportTurnEnd } from "./turnEnd";
import { SilenceWatchdog } from "./silenceWatchdog";
import { warningNotice } from "../../../shared/thread/warningNotice";
import { AutoRetry } from "./autoRetry";
import type { OpenMode, SessionContext } from "./sessionContext";

export { SILENCE_WARNING_MS } from "./silenceWatchdog";
export { describeVendorError } from "./turnEnd";

export class SessionController {
  private turnRunning = false;
  /** A turn the agent started from a late steer: no prompt owns it. */
  private readonly steerer: Steerer;
  private cancelRequested = false;
  /** The open request has returned: updates from now on are live, not a replay. */
  private live = false;
  /** How the previous turn ended, and how many updates the current one has brought. */
  private lastStop: string | undefined;
  private updatesThisTurn = 0;
  private readonly watchdog: SilenceWatchdog;
  /** Stop with agents that ignore `session/cancel`. */
  private readonly stopGrace: StopGrace;
  private readonly retry: AutoRetry;
  private readonly updates: SessionUpdates;
  private readonly attachment: { dispose(): void };
  /** Standard subagents this session announced. */
  readonly children: ChildSessions;
  /** The agent's providers (unstable), when it offers them. */
  readonly providers: ProviderSettings;

  private constructor(
    readonly sessionId: string,
    private readonly context: SessionContext,
    readonly openedWith: OpenMode,
  ) {
    this.steerer = new Steerer(context, () => this.turnRunning);
    this.watchdog = new SilenceWatchdog(context, () => this.turnRunning);
    this.stopGrace = new StopGrace(context, () => this.turnRunning);
    this.retry = new AutoRetry({ ...context, ...(context.autoRetry ? { enabled: context.autoRetry } : {}) });
    this.children = new ChildSessions(context.client, context.sink, context.newId, sessionId, () => {
      if (this.turnRunning) this.watchdog.arm();
      this.steerer.activity();
    });
    this.providers = new ProviderSettings(context.client, context.sink, context.translate);
    this.updates = new SessionUpdates(context, {
      received: () => {
        if (this.turnRunning) {
          this.updatesThisTurn += 1;
          this.watchdog.arm();
        } else {
          this.stopGrace.updateOutsideTurn();
        }
      },
      steerer: this.steerer,
      children: this.children,
      live: () => this.live,
    });
    this.attachment = context.client.attach(sessionId, {
      update: (update) => this.updates.update(update),
      extNotification: (method, params) => this.updates.extNotification(method, params),
    });
  }

  /**
   * `session/new` (or another request that creates a session from the same parameters, such as
   * `session/fork`), then the agent's `defaultConfig` for the options it offers (unless
   * `defaultConfig: false`: a fork keeps its source's settings).
   */
  static async create(
    context: SessionContext,
    open: (params: acp.NewSessionRequest) => Promise<acp.NewSessionResponse> = (params) =>
      context.client.connection.newSession(params),
    { defaultConfig = true }: { defaultConfig?: boolean } = {},
  ): Promise<SessionController> {
    const { params, systemPromptSkipped } = await openParams(context);
    const response = await open(params);
    const session = new SessionController(response.sessionId, context, "new");
    session.opened(systemPromptSkipped);
    applySessionState(context, response);
    if (defaultConfig) await applyDefaultConfig(context, session.sessionId, response.configOptions ?? []);
    return session;
  }

  /**
   * Re-opens an existing session: `session/load` (history replayed into the thread) when the
   * agent supports it and `replay` is wanted, else `session/resume`, else load as a fallback.
   */
  static async reopen(context: SessionContext, sessionId: string, replay: boolean): Promise<SessionController> {
    const { client } = context;
    const mode = reopenModeOf(capabilitiesOf(client.init), replay);
    if (!mode)
      throw Object.assign(new Error(`${client.name} can't reopen past sessions.`), {
        details: "The agent offers neither session/load nor session/resume.",
      });
    // Register first: the replay arrives before the response.
    const session = new SessionController(sessionId, context, mode);
    const opening = await openParams(context);
    const params = { sessionId, ...opening.params };
    try {
      const response =
        mode === "load" ? await client.connection.loadSession(params) : await client.connection.resumeSession(params);
      session.opened(opening.systemPromptSkipped);
      applySessionState(context, response ?? {});
      return session;
    } catch (error) {
      session.dispose();
      throw error;
    }
  }

  get isTurnRunning(): boolean {
    return this.turnRunning;
  }

  /** The agent's connection ended (a crash or a stop): nothing more can be sent in this session. */
  get agentGone(): boolean {
    const { client } = this.context;
    return client.isStopping || client.transport.hasEnded || client.connection.isClosed;
  }

  /** A prompted turn, or an unowned one the agent started from a late steer. */
  get isBusy(): boolean {
    return this.turnRunning || this.steerer.unownedTurn || this.stopGrace.unconfirmed;
  }

  /** `context`: text the agent gets after the user's (an earlier conversation), not shown as the message. */
  async prompt(text: string, attachments: readonly PromptAttachment[] = [], context?: string): Promise<void> {
    const { client, sink, clock, newId } = this.context;
    const built = buildPrompt(text, attachments, capabilitiesOf(client.init).prompt);
    // After the user's own words, so an agent that reads the first text block (a slash command, a
    // scenario) still sees them first.
    if (context !== undefined) built.blocks.push({ type: "text", text: context });
    for (const reason of built.dropped)
      sink({
        type: "thread/error",
        entryId: newId(),
        message: (this.context.translate ?? english)("Not sent: {0}.", reason),
      });
    const sent = built.shown;
    const entryId = newId();
    sink({
      type: "turn/started",
      entryId,
      text,
      at: clock.now(),
      ...(sent.length > 0 ? { attachments: sent } : {}),
    });
    this.turnRunning = true;
    await this.context.beforePrompt?.(entryId).catch(() => undefined);
    this.cancelRequested = false;
    const afterCancel = this.lastStop === "cancelled";
    this.updatesThisTurn = 0;
    this.watchdog.arm();
    try {
      let response: acp.PromptResponse | "abandoned";
      try {
        response = await this.attempt(built.blocks);
      } catch (error) {
        response = await this.retried(error, built.blocks);
      }
      if (response === "abandoned") {
        this.lastStop = "cancelled";
        return;
      }
      this.lastStop = response.stopReason;
      reportTurnEnd(this.context, response, afterCancel, this.updatesThisTurn);
    } catch (error) {
      // cancel() may have set it while the prompt was out; TypeScript still sees the `false` set above.
      const cancelled = this.cancelRequested as boolean;
      this.lastStop = cancelled ? "cancelled" : "error";
      if (this.agentGone) return; // reported as a crash
      if (cancelled) {
        // An error answer to a cancelled prompt is still a cancellation.
        sink({ type: "turn/ended", stopReason: "cancelled" });
      } else {
        const described = describeRequestError(error);
        sink({
          type: "turn/failed",
          entryId: newId(),
          message: (this.context.translate ?? english)(
            "The agent could not complete the prompt: {0}",
            described.message,
          ),
          ...(described.details ? { details: described.details } : {}),
        });
      }
    } finally {
      this.turnRunning = false;
      this.stopGrace.turnEnded();
      this.watchdog.disarm();
      this.context.afterPrompt?.();
    }
  }

  /** One prompt request; Stop's grace period may withdraw it (`$/cancel_request`). */
  private attempt(blocks: acp.ContentBlock[]): Promise<acp.PromptResponse | "abandoned"> {
    const withdraw = new AbortController();
    return this.stopGrace.race(
      this.context.client.connection.prompt(this.sessionId, blocks, withdraw.signal),
      withdraw,
    );
  }

  /** The prompt sent again after a temporary error while auto-retry allows (autoRetry.ts). */
  private retried(error: unknown, blocks: acp.ContentBlock[]): Promise<acp.PromptResponse | "abandoned"> {
    return this.retry.retryAfter(
      error,
      () => this.attempt(blocks),
      () => this.cancelRequested || this.agentGone,
      // A retry's wait is ours, not the agent's silence.
      (on) => (on ? this.watchdog.disarm() : this.watchdog.arm()),
    );
  }

  /** True while a turn shown stopped (see StopGrace) has not been answered by the agent yet. */
  get isStopUnconfirmed(): boolean {
    return this.stopGrace.unconfirmed;
  }

  whenStopConfirmed(): Promise<void> {
    return this.stopGrace.whenConfirmed();
  }

  async cancel(): Promise<void> {
    if (!this.turnRunning || this.cancelRequested) return;
    this.cancelRequested = true;
    this.context.sink({ type: "turn/cancelling" });
    // Waiting to retry: no prompt is out, so there is nothing to cancel at the agent.
    if (this.retry.stop()) return;
    this.stopGrace.stopRequested();
    await this.context.client.connection
      .cancel(this.sessionId)
      .catch((error: unknown) => this.context.logger.warn(`session/cancel failed: ${String(error)}`));
  }

  /** Select options take a string; boolean options a boolean. The response is the complete list. */
  async setConfigOption(configId: string, value: string | boolean): Promise<void> {
    await setConfigOption(this.context, this.sessionId, configId, value);
  }

  /** Legacy modes; agents answer with `current_mode_update` or nothing, so update locally too. */
  async setMode(modeId: string): Promise<void> {
    await setMode(this.context, this.sessionId, modeId);
  }

  get steeringRoute(): SteeringRoute {
    return steeringRouteOf(this.context.client.init);
  }

  /** Sends `text` into the running turn (see Steerer); the caller gives failed text back. */
  steer(text: string, attachments: readonly PromptAttachment[] = []): Promise<SteerOutcome> {
    const { client } = this.context;
    return this.steerer.steer(
      this.sessionId,
      buildPrompt(text, attachments, capabilitiesOf(client.init).prompt).blocks,
      text,
    );
  }

  /** After the open request: says why the systemPrompt setting was not sent, and reads the providers. */
  private opened(systemPromptSkipped: string | undefined): void {
    const { sink, newId, logger, client } = this.context;
    this.live = true;
    if (systemPromptSkipped) sink(warningNotice(newId(), systemPromptSkipped));
    void this.providers
      .refresh()
      .catch((error: unknown) =>
        logger.warn(`${client.name}: providers/list failed: ${describeRequestError(error).message}`),
      );
  }

  dispose(): void {
    this.children.dispose();
    this.watchdog.disarm();
    this.stopGrace.dispose();
    this.retry.stop();
    this.steerer.dispose();
    this.attachment.dispose();
  }
}
