/**
 * A session using ACP's unstable surface, as panel actions: id-addressed plans beside a stable
 * plan, a standard subagent with messages and its own output, a turn's PromptResponse.usage, and
 * providers. Shares its shapes with test/fakeAgent/unstableSurface.ts and the golden fixture.
 */
import type { PanelAction } from "../../src/shared/wire/panelState";
import { readyActions } from "./featureFixture";
import { acpUpdate, textBlock } from "./fixtures";

const update = (entryId: string, { sessionUpdate, ...fields }: Record<string, unknown>): PanelAction =>
  acpUpdate(entryId, String(sessionUpdate), fields);
export const CHILD = "session-1-child-1";

export function unstableActions(): PanelAction[] {
  return [
    ...readyActions,
    { type: "turn/started", entryId: "u1", text: "Plan the release and ask a helper", at: 1 },
    update("p0", {
      sessionUpdate: "plan",
      entries: [{ content: "Stable step", priority: "medium", status: "in_progress" }],
    }),
    update("p1", {
      sessionUpdate: "plan_update",
      plan: {
        type: "items",
        planId: "release",
        entries: [
          { content: "Bump the version", priority: "high", status: "completed" },
          { content: "Write the notes", priority: "medium", status: "in_progress" },
        ],
      },
    }),
    update("p2", {
      sessionUpdate: "plan_update",
      plan: { type: "markdown", planId: "notes", content: "1. **Draft** the notes\n2. Review them" },
    }),
    update("p3", { sessionUpdate: "plan_update", plan: { type: "file", planId: "spec", uri: "file:///ws/PLAN.md" } }),
    update("p4", { sessionUpdate: "plan_update", plan: { type: "file", planId: "old", uri: "file:///ws/OLD.md" } }),
    update("p5", { sessionUpdate: "plan_removed", planId: "old" }),
    update("t1", {
      sessionUpdate: "tool_call",
      toolCallId: "task-1",
      title: "Delegate the release notes",
      name: "task",
      kind: "other",
      status: "in_progress",
    }),
    update("s1", {
      sessionUpdate: "subagent_update",
      sessionId: CHILD,
      title: "Release notes writer",
      state: { state: "running" },
    }),
    update("m1", {
      sessionUpdate: "session_message",
      messageId: "m1",
      senderSessionId: "session-1",
      recipientSessionId: CHILD,
      content: [textBlock("Draft the notes ")],
    }),
    update("m2", { sessionUpdate: "session_message_chunk", messageId: "m1", content: textBlock("for **2.0**") }),
    {
      type: "subagent/event",
      entryId: "c1",
      event: {
        type: "output",
        runId: CHILD,
        update: { sessionUpdate: "agent_message_chunk", content: textBlock("Drafting the notes.") },
      },
    },
    {
      type: "subagent/event",
      entryId: "c2",
      event: {
        type: "output",
        runId: CHILD,
        update: {
          sessionUpdate: "tool_call",
          toolCallId: "child-read",
          title: "Read CHANGELOG.md",
          kind: "read",
          status: "completed",
        },
      },
    },
    update("m3", { sessionUpdate: "session_message_chunk", messageId: "m3", content: textBlock("Notes drafted.") }),
    update("m4", {
      sessionUpdate: "session_message",
      messageId: "m3",
      senderSessionId: CHILD,
      recipientSessionId: "session-1",
    }),
  ];
}

/** The child finishes, then the turn, with the turn's usage in the PromptResponse. */
export function unstableDone(): PanelAction[] {
  return [
    update("s2", {
      sessionUpdate: "subagent_update",
      sessionId: CHILD,
      state: { state: "idle", stopReason: "end_turn", usage: { totalTokens: 420, inputTokens: 400, outputTokens: 20 } },
    }),
    update("t2", { sessionUpdate: "tool_call_update", toolCallId: "task-1", status: "completed" }),
    update("a1", { sessionUpdate: "agent_message_chunk", content: textBlock("The notes are ready.") }),
    {
      type: "turn/ended",
      stopReason: "end_turn",
      usage: { totalTokens: 1500, inputTokens: 1200, outputTokens: 300, thoughtTokens: 40 },
    },
  ];
}

/** Two providers: "main" (required, set to anthropic) and "backup", unset unless `backup` says how. */
export function providerActions(backup?: { apiType: string; baseUrl: string }): PanelAction[] {
  return [
    {
      type: "providers/state",
      providers: [
        {
          providerId: "main",
          supported: ["anthropic", "openai"],
          required: true,
          current: { apiType: "anthropic", baseUrl: "https://api.anthropic.test" },
        },
        {
          providerId: "backup",
          supported: ["openai", "bedrock"],
          required: false,
          ...(backup === undefined ? {} : { current: backup }),
        },
      ],
    },
  ];
}
