/**
 * The unstable ACP surface, on the default profile with FAKE_AGENT_UNSTABLE (append | override):
 * - `initialize` adds `agentCapabilities.providers` and `sessionCapabilities.systemPrompt`
 *   (with `mode.override` for `override`);
 * - `providers/list|set|disable` over two providers, `main` (required) and `backup`;
 * - the `systemPrompt` of `session/new|load|resume` is kept per session; `unstable-system-prompt`
 *   replies with it;
 * - `unstable-plans` and `unstable-subagents` send id-addressed plans and a standard subagent,
 *   only to a client that advertised `plan` / `subagents` (as the spec requires), else say so.
 */
import { RpcError } from "./wire";
import type { Scenario, TurnContext } from "./scenarios";
import { perWorld, type World } from "./world";

export type UnstableMode = "append" | "override";

export function unstableInitialize(result: object, mode: UnstableMode | undefined): object {
  if (!mode) return result;
  const base = result as { agentCapabilities?: Record<string, unknown> };
  const capabilities = base.agentCapabilities ?? {};
  const session = (capabilities.sessionCapabilities ?? {}) as Record<string, unknown>;
  return {
    ...base,
    agentCapabilities: {
      ...capabilities,
      loadSession: true,
      providers: {},
      sessionCapabilities: {
        ...session,
        resume: {},
        systemPrompt: mode === "override" ? { mode: { override: {} } } : {},
      },
    },
  };
}

interface Provider {
  providerId: string;
  supported: string[];
  required: boolean;
  current: { apiType: string; baseUrl: string } | null;
}

const providersOf = perWorld((): Provider[] => [
  {
    providerId: "main",
    supported: ["anthropic", "openai"],
    required: true,
    current: { apiType: "anthropic", baseUrl: "https://api.anthropic.test" },
  },
  { providerId: "backup", supported: ["openai", "bedrock"], required: false, current: null },
]);

/** `providers/*` when enabled; `undefined` for any other method. */
export function handleProviders(world: World, method: string, params: Record<string, unknown>): object | undefined {
  const providers = providersOf(world);
  switch (method) {
    case "providers/list":
      return { providers: structuredClone(providers) };
    case "providers/set": {
      const provider = providers.find((p) => p.providerId === params.providerId);
      if (!provider) throw new RpcError(-32602, "Invalid params", { providerId: params.providerId });
      if (
        typeof params.apiType !== "string" ||
        !provider.supported.includes(params.apiType) ||
        typeof params.baseUrl !== "string"
      ) {
        throw new RpcError(-32602, "Invalid params", { apiType: params.apiType, baseUrl: params.baseUrl });
      }
      provider.current = { apiType: params.apiType, baseUrl: params.baseUrl };
      return {};
    }
    case "providers/disable": {
      const provider = providers.find((p) => p.providerId === params.providerId);
      if (!provider || provider.required)
        throw new RpcError(-32602, "Invalid params", { providerId: params.providerId });
      provider.current = null;
      return {};
    }
    default:
      return undefined;
  }
}

const systemPrompts = perWorld(() => new Map<string, unknown>());

/** Keeps what a session request carried as `systemPrompt` (also its absence). */
export function recordSystemPrompt(world: World, sessionId: string, params: Record<string, unknown>): void {
  systemPrompts(world).set(sessionId, params.systemPrompt);
}

const advertised = (turn: TurnContext, capability: string) => {
  const value = turn.clientCapabilities[capability];
  return typeof value === "object" && value !== null;
};

export const unstableScenarios: Record<string, Scenario> = {
  /** A child asks permission for its own tool call, under its own session id. */
  async "unstable-child-permission"(turn) {
    const child = `${turn.sessionId}-child-1`;
    turn.update({
      sessionUpdate: "subagent_update",
      sessionId: child,
      title: "Cautious child",
      state: { state: "running" },
    });
    const toolCall = { toolCallId: "child-edit", title: "Edit notes.md", kind: "edit", status: "pending" };
    turn.notify("session/update", { sessionId: child, update: { sessionUpdate: "tool_call", ...toolCall } });
    turn.update({ sessionUpdate: "subagent_update", sessionId: child, state: { state: "requires_action" } });
    const answer = (await turn.request("session/request_permission", {
      sessionId: child,
      toolCall,
      options: [
        { optionId: "allow", name: "Allow", kind: "allow_once" },
        { optionId: "reject", name: "Reject", kind: "reject_once" },
      ],
    })) as { outcome?: { outcome?: string; optionId?: string } };
    turn.update({
      sessionUpdate: "subagent_update",
      sessionId: child,
      state: { state: "idle", stopReason: "end_turn" },
    });
    turn.update({
      sessionUpdate: "agent_message_chunk",
      content: { type: "text", text: `Child permission: ${answer.outcome?.optionId ?? answer.outcome?.outcome}.` },
    });
    return "end_turn";
  },

  /** The parent announces a child and goes quiet; the child speaks every 30 ms until cancelled. */
  async "unstable-quiet-parent"(turn) {
    const child = `${turn.sessionId}-child-1`;
    turn.update({
      sessionUpdate: "subagent_update",
      sessionId: child,
      title: "Busy child",
      state: { state: "running" },
    });
    for (let step = 1; !turn.cancelled; step++) {
      turn.notify("session/update", {
        sessionId: child,
        update: { sessionUpdate: "agent_message_chunk", content: { type: "text", text: `Child step ${step}. ` } },
      });
      await Promise.race([turn.sleep(30), turn.whenCancelled()]);
    }
    return "cancelled";
  },

  async "unstable-system-prompt"(turn) {
    const prompt = systemPrompts(turn.world).get(turn.sessionId) as
      { mode?: string; content?: Array<{ text?: string }> } | undefined;
    const text = prompt
      ? `System prompt (${prompt.mode}): ${prompt.content?.map((block) => block.text).join("")}`
      : "No system prompt.";
    turn.update({ sessionUpdate: "agent_message_chunk", content: { type: "text", text } });
    return "end_turn";
  },

  async "unstable-plans"(turn) {
    if (!advertised(turn, "plan")) {
      turn.update({
        sessionUpdate: "agent_message_chunk",
        content: { type: "text", text: "The client did not advertise plan." },
      });
      return "end_turn";
    }
    turn.update({
      sessionUpdate: "plan",
      entries: [{ content: "Stable step", priority: "medium", status: "in_progress" }],
    });
    turn.update({
      sessionUpdate: "plan_update",
      plan: {
        type: "items",
        planId: "release",
        entries: [
          { content: "Bump the version", priority: "high", status: "completed" },
          { content: "Write the notes", priority: "medium", status: "in_progress" },
        ],
      },
    });
    turn.update({
      sessionUpdate: "plan_update",
      plan: { type: "markdown", planId: "notes", content: "1. **Draft** the notes\n2. Review them" },
    });
    turn.update({ sessionUpdate: "plan_update", plan: { type: "file", planId: "spec", uri: "file:///ws/PLAN.md" } });
    turn.update({ sessionUpdate: "plan_update", plan: { type: "file", planId: "old", uri: "file:///ws/OLD.md" } });
    turn.update({ sessionUpdate: "plan_removed", planId: "old" });
    turn.update({ sessionUpdate: "agent_message_chunk", content: { type: "text", text: "Plans are up." } });
    return "end_turn";
  },

  async "unstable-subagents"(turn) {
    if (!advertised(turn, "subagents")) {
      turn.update({
        sessionUpdate: "agent_message_chunk",
        content: { type: "text", text: "The client did not advertise subagents." },
      });
      return "end_turn";
    }
    const child = `${turn.sessionId}-child-1`;
    const childUpdate = (update: object) => turn.notify("session/update", { sessionId: child, update });
    turn.update({
      sessionUpdate: "tool_call",
      toolCallId: "task-1",
      title: "Delegate the release notes",
      name: "task",
      kind: "other",
      status: "in_progress",
    });
    turn.update({
      sessionUpdate: "subagent_update",
      sessionId: child,
      title: "Release notes writer",
      state: { state: "running" },
    });
    turn.update({
      sessionUpdate: "session_message",
      messageId: "m1",
      senderSessionId: turn.sessionId,
      recipientSessionId: child,
      content: [{ type: "text", text: "Draft the notes " }],
    });
    turn.update({
      sessionUpdate: "session_message_chunk",
      messageId: "m1",
      content: { type: "text", text: "for 2.0" },
    });
    childUpdate({ sessionUpdate: "agent_message_chunk", content: { type: "text", text: "Drafting the notes." } });
    childUpdate({
      sessionUpdate: "tool_call",
      toolCallId: "child-read",
      title: "Read CHANGELOG.md",
      kind: "read",
      status: "completed",
    });
    turn.update({
      sessionUpdate: "session_message_chunk",
      messageId: "m2",
      content: { type: "text", text: "Notes drafted." },
    });
    turn.update({
      sessionUpdate: "session_message",
      messageId: "m2",
      senderSessionId: child,
      recipientSessionId: turn.sessionId,
    });
    turn.update({
      sessionUpdate: "subagent_update",
      sessionId: child,
      state: { state: "idle", stopReason: "end_turn", usage: { totalTokens: 420, inputTokens: 400, outputTokens: 20 } },
    });
    turn.update({ sessionUpdate: "tool_call_update", toolCallId: "task-1", status: "completed" });
    turn.update({ sessionUpdate: "agent_message_chunk", content: { type: "text", text: "The notes are ready." } });
    return {
      stopReason: "end_turn",
      usage: { totalTokens: 1500, inputTokens: 1200, outputTokens: 300, thoughtTokens: 40 },
    };
  },
};
