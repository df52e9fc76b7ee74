/**
 * What the agent sends on one session id, turned into thread actions. A `session/update` must
 * carry a string `sessionUpdate` (anything else is logged and dropped); deeply nested updates are
 * capped, except message and thought chunks (the streaming hot path, flat by shape). CodeBuddy
 * team members' updates go to a lane of their own; `subagent_update` announces a child session;
 * tool calls may stream the agent's own shell output (toolTerminals.ts). Variants this client
 * does not know are passed on (the webview may learn them) and logged once per variant, checked
 * after the event loop turn that brought them (off the streaming path). Ext
 * notifications: steer acknowledgements and Lody's subagent events; others are only logged. A
 * warning or error `notice` the agent sends live (not in a `session/load` replay) is also told to
 * `agentNotice`, which raises a toast; every notice, info included, stays in the timeline as a banner.
 */
import type { SessionContext } from "./sessionContext";
import type { ChildSessions } from "./childSessions";
import type { Steerer } from "./steerer";
import { STEER_APPLIED_METHODS } from "./steering";
import { ToolTerminals } from "../callbacks/toolTerminals";
import { logJson } from "../connection/logJson";
import { capDepth } from "../../../shared/thread/boundedDepth";
import { INTERPRETED, knownUpdateSchema } from "../../../shared/thread/sessionUpdate";
import { unstableUpdateSchema } from "../../../shared/thread/unstableUpdates";

export interface UpdateHooks {
  /** A well-formed update arrived; called first, before it is routed (the turn's bookkeeping). */
  readonly received: () => void;
  readonly steerer: Steerer;
  readonly children: ChildSessions;
  /** False while the session is still opening (a `session/load` replays history then). */
  readonly live: () => boolean;
}

export class SessionUpdates {
  /** Update variants already logged as not shown. */
  private readonly unshown = new Set<string>();
  /** Shell output the agent streams in tool call `_meta` (toolTerminals.ts). */
  private readonly toolTerminals = new ToolTerminals();

  constructor(
    private readonly context: SessionContext,
    private readonly hooks: UpdateHooks,
  ) {}

  extNotification(method: string, params: unknown): void {
    const { sink, newId, logger, client } = this.context;
    if (STEER_APPLIED_METHODS.has(method)) return this.hooks.steerer.applied(params);
    if (method === "_lody/subagents/event") {
      this.hooks.steerer.activity();
      sink({ type: "subagent/event", entryId: newId(), event: params });
      return;
    }
    logger.info(`${client.name}: ${method} ${logJson(params, 300)}`);
  }

  update(update: unknown): void {
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
    this.hooks.received();
    const tag = (update as { sessionUpdate: string }).sessionUpdate;
    // Chunks (the streaming hot path) carry flat content; anything else may nest without bound.
    if (tag !== "agent_message_chunk" && tag !== "agent_thought_chunk") update = capDepth(update);
    this.hooks.steerer.activity();
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
    if (tag === "subagent_update") this.hooks.children.observe(update);
    // Checked once per variant, and after this turn of the event loop: a variant's first update is
    // often a reply's first chunk, and the schemas' first parse in a fresh host takes ~10 ms.
    if (!this.unshown.has(tag)) {
      this.unshown.add(tag);
      const first = update;
      setImmediate(() => this.reportIfUnshown(tag, first));
    }
    if (tag === "notice" && this.hooks.live()) this.noticeArrived(update as object);
    if (tag === "tool_call" || tag === "tool_call_update")
      for (const action of this.toolTerminals.actionsOf(update as { sessionUpdate: string })) this.context.sink(action);
    this.context.sink({
      type: "acp/update",
      entryId: this.context.newId(),
      update: update as { sessionUpdate: string },
    });
  }

  /** Vendor or newer variants are passed on (the webview may learn them) but not shown: say so once. */
  private reportIfUnshown(tag: string, update: unknown): void {
    if (knownUpdateSchema.safeParse(update, INTERPRETED).success) return;
    if (unstableUpdateSchema.safeParse(update, INTERPRETED).success) return;
    this.context.logger.info(
      `${this.context.client.name}: session/update "${tag}" is not shown (unknown variant or unexpected fields): ${logJson(update, 300)}`,
    );
  }

  private noticeArrived(update: object): void {
    const { severity, title, description } = update as { severity?: unknown; title?: unknown; description?: unknown };
    // ACP lets severities grow ("info" | "warning" | "error" | string): an unknown one is info, a banner only.
    if (typeof title !== "string" || title.trim() === "" || (severity !== "warning" && severity !== "error")) return;
    this.context.agentNotice?.({
      severity,
      title: title.slice(0, 500),
      ...(typeof description === "string" && description !== "" ? { description: description.slice(0, 2_000) } : {}),
    });
  }
}
