/**
 * Fixtures for tabs, the session list, the first-run catalog, steering, the queue, files changed
 * and subagent runs. Panel states are built the way the host builds them: real panel actions
 * folded through the shared reducePanel. Side-channel messages are typed by the protocol.
 */
import type { PanelAction, PanelState } from "../../src/shared/wire/panelState";
import type { HostMessage, SessionListItem, TabSummary } from "../../src/shared/wire/protocol";
import { fold } from "./fullFixture";
import { AGENT, acpUpdate, messageChunk, textBlock } from "./fixtures";

type Message<K extends HostMessage["type"]> = Extract<HostMessage, { type: K }>;

const toolCall = (entryId: string, fields: Record<string, unknown>) => acpUpdate(entryId, "tool_call", fields);
const toolUpdate = (entryId: string, fields: Record<string, unknown>) => acpUpdate(entryId, "tool_call_update", fields);
/** A Lody `_lody/subagents/event`, as the host forwards it. */
export const subagentEvent = (entryId: string, runId: string, event: Record<string, unknown>): PanelAction => ({
  type: "subagent/event",
  entryId,
  event: { version: 1, sessionId: "session-1", runId, ...event },
});
export const memberUpdate = (entryId: string, member: string, update: Record<string, unknown>): PanelAction => ({
  type: "member/update",
  entryId,
  member,
  update: { sessionUpdate: "agent_message_chunk", ...update },
});

/** The "Reviewer" member's lane: a search it runs (entry m2). */
export const reviewerSearch: PanelAction = memberUpdate("m2", "Reviewer", {
  sessionUpdate: "tool_call",
  toolCallId: "call-r1",
  title: "Search for parse(",
  kind: "search",
  status: "in_progress",
});

export const TABS: readonly TabSummary[] = [
  { key: "tab-1", agent: AGENT, sessionId: "session-1", title: "Parser refactor", status: "running" },
  { key: "tab-2", agent: "Bub", sessionId: "session-2", title: "Release notes", status: "waiting" },
  { key: "tab-3", agent: "Codex", sessionId: "session-3", title: "Flaky CI", status: "failed" },
  { key: "tab-4", agent: AGENT, sessionId: "session-4", title: "Docs typo", status: "idle" },
];

export function tabsState(
  activeKey: string | undefined = "tab-1",
  tabs: readonly TabSummary[] = TABS,
): Message<"tabs/state"> {
  return activeKey === undefined
    ? { type: "tabs/state", tabs: [...tabs] }
    : { type: "tabs/state", tabs: [...tabs], activeKey };
}

/** Sessions as the host lists them; `now` makes the relative times predictable. */
export function sessionsList(now: number): Message<"sessions/list"> {
  const ago = (ms: number) => new Date(now - ms).toISOString();
  const sessions: SessionListItem[] = [
    {
      agent: AGENT,
      sessionId: "session-1",
      cwd: "/home/ada/work/parser",
      title: "Parser refactor",
      updatedAt: ago(5 * 60_000),
      status: "running",
      tabKey: "tab-1",
    },
    {
      agent: "Bub",
      sessionId: "session-2",
      cwd: "/home/ada/work/site",
      title: "Release notes",
      updatedAt: ago(3 * 3600_000),
      status: "waiting",
      tabKey: "tab-2",
    },
    {
      agent: "Codex",
      sessionId: "session-9",
      cwd: "/home/ada/work/ci-tools",
      title: "Speed up the test matrix",
      updatedAt: ago(26 * 3600_000),
      status: "closed",
    },
    { agent: AGENT, sessionId: "session-8", cwd: "C:\\Users\\ada\\src\\docs", title: "Docs typo", status: "closed" },
  ];
  return { type: "sessions/list", sessions };
}

export function catalog(problems: readonly string[] = []): Message<"agents/catalog"> {
  return {
    type: "agents/catalog",
    agents: [
      { name: "Claude", command: "npx -y @zed-industries/claude-agent-acp", preset: true, installed: true },
      { name: "My Bub", command: "bub acp", preset: false, installed: true },
      { name: "Gemini CLI", command: "gemini --experimental-acp", preset: true, installed: false },
      { name: "Codex", command: "codex-acp", preset: true, installed: true },
    ],
    problems: [...problems],
  };
}

/** No agent started in this tab: the first-run view. */
export function noAgentState(): PanelState {
  return fold([{ type: "agents/configured", agents: ["My Bub"] }]);
}

export const readyActions: PanelAction[] = [
  { type: "agents/configured", agents: [AGENT, "Bub"], selectedAgent: AGENT },
  { type: "connection/starting", agent: AGENT },
  { type: "connection/ready", agent: AGENT, sessionId: "session-1" },
];

/** The subagent's life, from start to finish, attached to the parent's "Task" tool call. */
export function subagentActions(runId = "run-tests"): PanelAction[] {
  return [
    toolCall("t-task", {
      toolCallId: "call-task",
      title: "Task: write parser tests",
      kind: "other",
      status: "in_progress",
      rawInput: { prompt: "Write tests for the parser" },
    }),
    subagentEvent("s1", runId, {
      type: "snapshot",
      snapshot: { state: "running", description: "Write parser tests", startedAtEpochSeconds: 1_787_300_000 },
    }),
    subagentEvent("s2", runId, {
      type: "output",
      update: { sessionUpdate: "agent_thought_chunk", content: textBlock("Which edge cases does parse() miss?") },
    }),
    subagentEvent("s3", runId, {
      type: "output",
      update: {
        sessionUpdate: "agent_message_chunk",
        content: textBlock("Reading **src/parser.ts** to see what needs covering."),
      },
    }),
    subagentEvent("s4", runId, {
      type: "output",
      update: {
        sessionUpdate: "tool_call",
        toolCallId: "call-1",
        title: "Read src/parser.ts",
        kind: "read",
        status: "completed",
      },
    }),
    subagentEvent("s5", runId, {
      type: "progress",
      progress: { lastToolName: "Read", toolCallCount: 3, turnCount: 2, durationMs: 64_000, totalTokens: 15_200 },
    }),
  ];
}

export function subagentDone(runId = "run-tests"): PanelAction[] {
  return [
    subagentEvent("s6", runId, {
      type: "output",
      update: { sessionUpdate: "agent_message_chunk", content: textBlock(" Wrote 12 tests; all pass.") },
    }),
    subagentEvent("s7", runId, {
      type: "snapshot",
      snapshot: {
        state: "completed",
        summary: "Added 12 tests in test/parser.test.ts",
        endedAtEpochSeconds: 1_787_300_064,
      },
    }),
    toolUpdate("t-task-done", { toolCallId: "call-task", status: "completed" }),
  ];
}

export function changesActions(): PanelAction[] {
  return [
    {
      type: "review/recorded",
      path: "/home/ada/work/parser/src/parser/parse.ts",
      additions: 48,
      deletions: 31,
      created: false,
      undoable: true,
    },
    {
      type: "review/recorded",
      path: "/home/ada/work/parser/test/parser.test.ts",
      additions: 120,
      deletions: 0,
      created: true,
      undoable: true,
    },
    {
      type: "review/recorded",
      path: "/home/ada/work/parser/package-lock.json",
      additions: 3,
      deletions: 1,
      created: false,
      undoable: false,
    },
    {
      type: "review/recorded",
      path: "/home/ada/work/parser/CHANGELOG.md",
      additions: 2,
      deletions: 0,
      created: false,
      undoable: true,
    },
    { type: "review/resolved", path: "/home/ada/work/parser/CHANGELOG.md", state: "kept" },
  ];
}

/**
 * A running turn with everything new: a subagent run inside its tool call card, a member lane,
 * an applied and a pending steer, and files changed.
 */
export function featureActions(): PanelAction[] {
  return [
    ...readyActions,
    { type: "turn/started", entryId: "u1", text: "Refactor the parser and add tests for it", at: 1_000 },
    messageChunk("a1", "I'll split the work: a subagent writes the tests while I refactor `parse()`."),
    ...subagentActions(),
    ...subagentDone(),
    memberUpdate("m1", "Reviewer", { content: textBlock("Looking at the diff for edge cases…") }),
    reviewerSearch,
    { type: "steer/sent", entryId: "u2", steerId: "st-1", text: "Keep the old API exported too" },
    { type: "steer/applied", steerId: "st-1" },
    messageChunk(
      "a2",
      "Done: `parse()` is split into a tokenizer and a tree builder; the old `parseLegacy` export stays.",
    ),
    ...changesActions(),
    { type: "steer/sent", entryId: "u3", steerId: "st-2", text: "And update the changelog" },
  ];
}

export function featureState(): PanelState {
  return fold(featureActions());
}
