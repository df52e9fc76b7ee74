/**
 * One ACP session on one agent: opening it (new, load with replay, or resume), prompts, cancel,
 * config options and modes. Everything it learns becomes a thread action for its sink.
 */
import type * as acp from "@agentclientprotocol/sdk";
import type { AgentClient } from "./agentClient";
import { buildPrompt, type PromptAttachment } from "./promptBuilder";
import { capabilitiesOf } from "./agentCapabilities";
import { STEER_APPLIED_METHODS, steeringRouteOf, type SteerOutcome, type SteeringRoute } from "./steering";
import { StopGrace } from "./stopGrace";
import { Steerer } from "./steerer";
import { ToolTerminals } from "./toolTerminals";
import { describeRequestError } from "./agentErrors";
import { logJson } from "./logJson";
import { capDepth } from "../../shared/boundedDepth";
import type { Clock, Logger, Timer } from "../ports";
import type { ThreadAction } from "../../shared/threadActions";
import { configOptionsSchema, knownUpdateSchema, modeStateSchema } from "../../shared/sessionUpdate";
import { turnUsageSchema } from "../../shared/threadActions";
import { english, type Translate } from "../../shared/l10n";
import { unstableUpdateSchema } from "../../shared/unstableUpdates";
import { ChildSessions } from "./childSessions";
import { ProviderSettings } from "./providerSettings";
import { systemPromptParam } from "./systemPrompt";

export type ThreadSink = (action: ThreadAction) => void;
export type OpenMode = "new" | "load" | "resume";

export interface SessionContext {
  readonly client: AgentClient;
  readonly cwd: string;
  readonly additionalDirectories: readonly string[];
  readonly sink: ThreadSink;
  readonly newId: () => string;
  readonly clock: Clock;
  readonly logger: Logger;
  /**
   * True while the turn waits for the user (a permission or a form): the agent is silent because
   * of us, so the silence watchdog keeps quiet and looks again later.
   */
  readonly awaitingUser?: () => boolean;
  /** The user's language for what the panel itself writes in the transcript (default English). */
  readonly translate?: Translate;
  /** MCP servers the client itself serves to this session (the VS Code tools), after the user's. */
  readonly clientMcpServers?: () => Promise<acp.McpServer[]>;
}

/** How long a running turn may stay silent before the user is told. */
export const SILENCE_WARNING_MS = 120_000;

export class SessionController {
  private turnRunning = false;
  /** A turn the agent started from a late steer: no prompt owns it. */
  private readonly steerer: Steerer;
  private cancelRequested = false;
  /** How the previous turn ended, and how many updates the current one has brought. */
  private lastStop: string | undefined;
  private updatesThisTurn = 0;
  private silenceTimer: Timer | undefined;
  /** Stop with agents that ignore `session/cancel`. */
  private readonly stopGrace: StopGrace;
  /** Update variants already logged as not shown. */
  private readonly unshown = new Set<string>();
  /** Shell output the agent streams in tool call `_meta` (toolTerminals.ts). */
  private readonly toolTerminals = new ToolTerminals();
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
    this.stopGrace = new StopGrace(context, () => this.turnRunning);
    this.children = new ChildSessions(context.client, context.sink, context.newId, sessionId, () => {
      if (this.turnRunning) this.armWatchdog();
      this.steerer.activity();
    });
    this.providers = new ProviderSettings(context.client, context.sink, context.translate);
    this.attachment = context.client.attach(sessionId, {
      update: (update) => this.onUpdate(update),
      extNotification: (method, params) => this.onExtNotification(method, params),
    });
  }

  /**
   * `session/new` (or another request that creates a session from the same parameters, such as
   * `session/fork`), then the agent's `defaultConfig` for the options it offers.
   */
  static async create(
    context: SessionContext,
    open: (params: acp.NewSessionRequest) => Promise<acp.NewSessionResponse> = (params) =>
      context.client.connection.newSession(params),
  ): Promise<SessionController> {
    const { client } = context;
    const caps = capabilitiesOf(client.init);
    const systemPrompt = systemPromptParam(client.definition, caps, context.translate);
    const response = await open({
      cwd: context.cwd,
      mcpServers: [
        ...caps.acceptedMcpServers(client.definition.mcpServers),
        ...((await context.clientMcpServers?.()) ?? []),
      ],
      ...(caps.additionalDirectories && context.additionalDirectories.length > 0
        ? { additionalDirectories: [...context.additionalDirectories] }
        : {}),
      ...systemPrompt.param,
    });
    const session = new SessionController(response.sessionId, context, "new");
    session.opened(systemPrompt.skipped);
    session.applySessionState(response);
    await session.applyDefaultConfig(response.configOptions ?? []);
    return session;
  }

  /**
   * Re-opens an existing session: `session/load` (history replayed into the thread) when the
   * agent supports it and `replay` is wanted, else `session/resume`, else load as a fallback.
   */
  static async reopen(context: SessionContext, sessionId: string, replay: boolean): Promise<SessionController> {
    const { client } = context;
    const caps = capabilitiesOf(client.init);
    const mode: OpenMode | undefined = replay
      ? caps.load
        ? "load"
        : caps.resume
          ? "resume"
          : undefined
      : caps.resume
        ? "resume"
        : caps.load
          ? "load"
          : undefined;
    if (!mode)
      throw Object.assign(new Error(`${client.name} can't reopen past sessions.`), {
        details: "The agent offers neither session/load nor session/resume.",
      });
    // Register first: the replay arrives before the response.
    const session = new SessionController(sessionId, context, mode);
    const systemPrompt = systemPromptParam(client.definition, caps, context.translate);
    const params = {
      sessionId,
      cwd: context.cwd,
      mcpServers: [
        ...caps.acceptedMcpServers(client.definition.mcpServers),
        ...((await context.clientMcpServers?.()) ?? []),
      ],
      ...(caps.additionalDirectories && context.additionalDirectories.length > 0
        ? { additionalDirectories: [...context.additionalDirectories] }
        : {}),
      ...systemPrompt.param,
    };
    try {
      const response =
        mode === "load" ? await client.connection.loadSession(params) : await client.connection.resumeSession(params);
      session.opened(systemPrompt.skipped);
      session.applySessionState(response ?? {});
      return session;
    } catch (error) {
      session.dispose();
      throw error;
    }
  }

  get isTurnRunning(): boolean {
    return this.turnRunning;
  }

  /** A prompted turn, or an unowned one the agent started from a late steer. */
  get isBusy(): boolean {
    return this.turnRunning || this.steerer.unownedTurn || this.stopGrace.unconfirmed;
  }

  async prompt(text: string, attachments: readonly PromptAttachment[] = []): Promise<void> {
    const { client, sink, clock, newId } = this.context;
    const built = buildPrompt(text, attachments, capabilitiesOf(client.init).prompt);
    for (const reason of built.dropped)
      sink({
        type: "thread/error",
        entryId: newId(),
        message: (this.context.translate ?? english)("Not sent: {0}.", reason),
      });
    const sent = built.blocks.filter((block) => block.type !== "text");
    sink({
      type: "turn/started",
      entryId: newId(),
      text,
      at: clock.now(),
      ...(sent.length > 0 ? { attachments: sent as Array<{ type: string }> } : {}),
    });
    this.turnRunning = true;
    this.cancelRequested = false;
    const afterCancel = this.lastStop === "cancelled";
    this.updatesThisTurn = 0;
    this.armWatchdog();
    try {
      const response = await this.stopGrace.race(client.connection.prompt(this.sessionId, built.blocks));
      if (response === "abandoned") {
        this.lastStop = "cancelled";
        return;
      }
      this.lastStop = response.stopReason;
      this.finishTurn(response, afterCancel);
    } catch (error) {
      this.lastStop = this.cancelRequested ? "cancelled" : "error";
      if (client.isStopping || client.transport.hasEnded || client.connection.isClosed) return; // reported as a crash
      if (this.cancelRequested) {
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
      this.disarmWatchdog();
    }
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
    this.stopGrace.stopRequested();
    await this.context.client.connection
      .cancel(this.sessionId)
      .catch((error: unknown) => this.context.logger.warn(`session/cancel failed: ${String(error)}`));
  }

  /** Select options take a string; boolean options a boolean. The response is the complete list. */
  async setConfigOption(configId: string, value: string | boolean): Promise<void> {
    const params: acp.SetSessionConfigOptionRequest =
      typeof value === "boolean"
        ? { sessionId: this.sessionId, configId, type: "boolean", value }
        : { sessionId: this.sessionId, configId, value };
    const response = await this.context.client.connection.setConfigOption(params);
    this.applySessionState(response);
  }

  /** Legacy modes; agents answer with `current_mode_update` or nothing, so update locally too. */
  async setMode(modeId: string): Promise<void> {
    await this.context.client.connection.setMode(this.sessionId, modeId);
    this.context.sink({
      type: "acp/update",
      entryId: this.context.newId(),
      update: { sessionUpdate: "current_mode_update", currentModeId: modeId },
    });
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
    if (systemPromptSkipped)
      sink({
        type: "acp/update",
        entryId: newId(),
        update: { sessionUpdate: "notice", severity: "warning", title: systemPromptSkipped },
      });
    void this.providers
      .refresh()
      .catch((error: unknown) =>
        logger.warn(`${client.name}: providers/list failed: ${describeRequestError(error).message}`),
      );
  }

  dispose(): void {
    this.children.dispose();
    this.disarmWatchdog();
    this.stopGrace.dispose();
    this.steerer.dispose();
    this.attachment.dispose();
  }

  private onExtNotification(method: string, params: unknown): void {
    const { sink, newId, logger, client } = this.context;
    if (STEER_APPLIED_METHODS.has(method)) return this.steerer.applied(params);
    if (method === "_lody/subagents/event") {
      this.steerer.activity();
      sink({ type: "subagent/event", entryId: newId(), event: params });
      return;
    }
    logger.info(`${client.name}: ${method} ${logJson(params, 300)}`);
  }

  private onUpdate(update: unknown): void {
    if (
      typeof update !== "object" ||
      update === null ||
      typeof (update as { sessionUpdate?: unknown }).sessionUpdate !== "string"
    ) {
      this.context.logger.warn(
        `${this.context.client.name}: dropped a malformed session/update: ${logJson(update, 300)}`,
      );
      return;
    }
    if (this.turnRunning) {
      this.updatesThisTurn += 1;
      this.armWatchdog();
    } else {
      this.stopGrace.updateOutsideTurn();
    }
    const tag = (update as { sessionUpdate: string }).sessionUpdate;
    // Chunks (the streaming hot path) carry flat content; anything else may nest without bound.
    if (tag !== "agent_message_chunk" && tag !== "agent_thought_chunk") update = capDepth(update);
    this.steerer.activity();
    const member = (update as { _meta?: Record<string, unknown> | null })._meta?.["codebuddy.ai/memberEvent"];
    if (typeof member === "string") {
      // CodeBuddy team members stream through the same updates: they get a lane of their own.
      this.context.sink({
        type: "member/update",
        entryId: this.context.newId(),
        member,
        update: update as { sessionUpdate: string },
      });
      return;
    }
    if (tag === "subagent_update") this.children.observe(update);
    // Checked once per variant (not per chunk: this is the streaming hot path).
    if (
      !this.unshown.has(tag) &&
      (this.unshown.add(tag),
      !knownUpdateSchema.safeParse(update).success && !unstableUpdateSchema.safeParse(update).success)
    ) {
      // Vendor or newer variants are passed on (the webview may learn them) but not shown: say so once.
      this.context.logger.info(
        `${this.context.client.name}: session/update "${tag}" is not shown (unknown variant or unexpected fields): ${logJson(update, 300)}`,
      );
    }
    if (tag === "tool_call" || tag === "tool_call_update")
      for (const action of this.toolTerminals.actionsOf(update as { sessionUpdate: string })) this.context.sink(action);
    this.context.sink({
      type: "acp/update",
      entryId: this.context.newId(),
      update: update as { sessionUpdate: string },
    });
  }

  private finishTurn(response: acp.PromptResponse, afterCancel: boolean): void {
    const { sink, newId } = this.context;
    const usage = turnUsageSchema.safeParse((response as { usage?: unknown }).usage);
    // Quirk (claude-agent-acp, its issue #551): the prompt after a stopped turn is answered at
    // once with the stopped turn's leftover end (no update, zero usage) while the agent goes on
    // with it in the background; its output then arrives during the next prompt. Say so.
    if (
      afterCancel &&
      response.stopReason === "end_turn" &&
      this.updatesThisTurn === 0 &&
      (!usage.success || usage.data.totalTokens === 0)
    ) {
      sink({
        type: "acp/update",
        entryId: newId(),
        update: {
          sessionUpdate: "notice",
          severity: "warning",
          title: (this.context.translate ?? english)("{0} ended the turn without replying", this.context.client.name),
          description: (this.context.translate ?? english)(
            "After a stopped turn, some agents answer the next prompt at once and keep working on it in the background: the reply may arrive with your next message. Restart the agent if replies stay out of step.",
          ),
        },
      });
    }
    // CodeBuddy reports model errors as `refusal` with a JSON error message in `_meta`.
    const vendorError = response._meta?.["codebuddy.ai/errorMessage"];
    if (response.stopReason === "refusal") {
      const vendor = vendorError === undefined ? undefined : describeVendorError(vendorError);
      sink({
        type: "thread/error",
        entryId: newId(),
        message: vendor
          ? (this.context.translate ?? english)("The agent refused to continue: {0}", vendor.message)
          : (this.context.translate ?? english)("The agent refused to continue."),
        ...(vendor?.details ? { details: vendor.details } : {}),
      });
    }
    sink({ type: "turn/ended", stopReason: response.stopReason, ...(usage.success ? { usage: usage.data } : {}) });
  }

  private applySessionState(response: { configOptions?: unknown; modes?: unknown }): void {
    const configOptions = configOptionsSchema.safeParse(response.configOptions ?? undefined);
    const modes = modeStateSchema.safeParse(response.modes ?? undefined);
    if (!configOptions.success && !modes.success) return;
    this.context.sink({
      type: "session/state",
      ...(configOptions.success ? { configOptions: configOptions.data } : {}),
      ...(modes.success ? { modes: modes.data } : {}),
    });
  }

  private async applyDefaultConfig(offered: readonly acp.SessionConfigOption[]): Promise<void> {
    for (const [configId, value] of Object.entries(this.context.client.definition.defaultConfig)) {
      const option = offered.find((candidate) => candidate.id === configId);
      const valid =
        option?.type === "boolean"
          ? typeof value === "boolean"
          : option?.type === "select" && typeof value === "string" && flattenValues(option.options).includes(value);
      if (!valid) {
        this.context.sink({
          type: "thread/error",
          entryId: this.context.newId(),
          message: `defaultConfig "${configId}": ${option ? `"${String(value)}" is not one of the values ${this.context.client.name} offers` : `${this.context.client.name} offers no such option`}; left as is.`,
        });
        continue;
      }
      await this.setConfigOption(configId, value).catch((error: unknown) =>
        this.context.sink({
          type: "thread/error",
          entryId: this.context.newId(),
          message: (this.context.translate ?? english)(
            'Could not apply defaultConfig "{0}": {1}',
            configId,
            describeRequestError(error).message,
          ),
        }),
      );
    }
  }

  private armWatchdog(): void {
    this.disarmWatchdog();
    this.silenceTimer = this.context.clock.schedule(
      SILENCE_WARNING_MS,
      () => {
        if (!this.turnRunning) return;
        if (this.context.awaitingUser?.()) {
          this.armWatchdog();
          return;
        }
        this.context.sink({
          type: "acp/update",
          entryId: this.context.newId(),
          update: {
            sessionUpdate: "notice",
            severity: "warning",
            title: (this.context.translate ?? english)(
              "No activity from {0} for {1} minutes",
              this.context.client.name,
              SILENCE_WARNING_MS / 60_000,
            ),
            description: (this.context.translate ?? english)(
              "It may be stuck. You can keep waiting, or Stop the turn.",
            ),
          },
        });
      },
      { background: true },
    );
  }

  private disarmWatchdog(): void {
    this.silenceTimer?.cancel();
    this.silenceTimer = undefined;
  }
}

function flattenValues(options: acp.SessionConfigSelectOptions): string[] {
  return (options as Array<acp.SessionConfigSelectOption | acp.SessionConfigSelectGroup>).flatMap((entry) =>
    "group" in entry ? entry.options.map((option) => option.value) : [entry.value],
  );
}

/**
 * CodeBuddy's `codebuddy.ai/errorMessage`: a JSON-RPC error serialised as a string, whose useful
 * text is in `data` (`{"message":"Internal error","data":{"message":"fake error 401","details":"401 …"}}`).
 */
export function describeVendorError(value: unknown): { message: string; details?: string } {
  let parsed: unknown = value;
  if (typeof value === "string") {
    try {
      parsed = JSON.parse(value);
    } catch {
      return { message: value };
    }
  }
  if (typeof parsed !== "object" || parsed === null) return { message: String(value) };
  const { message, data } = parsed as { message?: unknown; data?: { message?: unknown; details?: unknown } | null };
  const text =
    typeof data?.message === "string" ? data.message : typeof message === "string" ? message : JSON.stringify(parsed);
  const details = typeof data?.details === "string" && data.details !== text ? data.details : undefined;
  return details ? { message: text, details } : { message: text };
}
