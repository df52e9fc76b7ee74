/**
 * Zed-style reducer tests (after acp_thread's): fold a short script of updates and compare the
 * whole rendered thread (`threadToMarkdown`), so a regression anywhere in the fold shows as a
 * readable diff, not as one field that happened to be checked.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { reduceThread } from "../../src/shared/thread/reduceThread";
import { emptyThread } from "../../src/shared/thread/thread";
import type { ThreadAction } from "../../src/shared/thread/threadActions";
import { threadToMarkdown } from "../../src/shared/thread/threadMarkdown";

function render(script: Array<ThreadAction | Record<string, unknown>>): string {
  let id = 0;
  const actions = script.map((step): ThreadAction =>
    typeof step.type === "string"
      ? (step as ThreadAction)
      : { type: "acp/update", entryId: `e${++id}`, update: step as { sessionUpdate: string } },
  );
  return threadToMarkdown(actions.reduce(reduceThread, emptyThread));
}

const text = (value: string) => ({ type: "content", content: { type: "text", text: value } });
const lines = (...rows: string[]) => rows.join("\n") + "\n";
/** The export of a session whose first turn is the user's `text`: the header, the turn, then `rows`. */
const exported = (text: string, ...rows: string[]) => lines("# ACP session", "", "## User", "", text, "", ...rows);

test("a re-announced tool call is one card; what the second announcement leaves out is gone", () => {
  const markdown = render([
    { type: "turn/started", entryId: "u1", text: "read it", at: 1 },
    {
      sessionUpdate: "tool_call",
      toolCallId: "t1",
      title: "Read",
      kind: "read",
      status: "pending",
      content: [text('{"path": "src/a')],
    },
    {
      sessionUpdate: "tool_call",
      toolCallId: "t1",
      title: "Read src/a.ts",
      kind: "read",
      status: "in_progress",
      locations: [{ path: "src/a.ts", line: 3 }],
    },
    { sessionUpdate: "tool_call_update", toolCallId: "t1", status: "completed", rawOutput: "export const a = 1;" },
    { sessionUpdate: "agent_message_chunk", content: { type: "text", text: "Done." } },
    { type: "turn/ended", stopReason: "end_turn" },
  ]);
  assert.equal(
    markdown,
    exported(
      "read it",
      "### Tool: Read src/a.ts [read, completed]",
      "- location: src/a.ts:3",
      "",
      "Output:",
      "",
      "```",
      "export const a = 1;",
      "```",
      "",
      "## Agent",
      "",
      "Done.",
    ),
  );
});

test("cancelled is sticky: a late completion does not revive a cancelled card; finished cards keep their state", () => {
  const markdown = render([
    { type: "turn/started", entryId: "u1", text: "build", at: 1 },
    { sessionUpdate: "tool_call", toolCallId: "done", title: "List", kind: "search", status: "completed" },
    { sessionUpdate: "tool_call", toolCallId: "slow", title: "Build", kind: "execute", status: "in_progress" },
    { sessionUpdate: "tool_call", toolCallId: "queued", title: "Test", kind: "execute", status: "pending" },
    { type: "turn/cancelling" },
    { sessionUpdate: "tool_call_update", toolCallId: "slow", status: "completed", content: [text("built anyway")] },
    { type: "turn/ended", stopReason: "cancelled" },
    { sessionUpdate: "tool_call_update", toolCallId: "queued", status: "in_progress" },
  ]);
  assert.equal(
    markdown,
    exported(
      "build",
      "### Tool: List [search, completed]",
      "",
      "### Tool: Build [execute, cancelled]",
      "",
      "built anyway",
      "",
      "### Tool: Test [execute, cancelled]",
      "",
      "> **info:** You stopped this turn.",
    ),
  );
});

test("orphan updates (ids never announced) become visible cards in arrival order and never throw", () => {
  const markdown = render([
    { sessionUpdate: "tool_call_update", toolCallId: "ghost", status: "failed", content: [text("permission denied")] },
    { sessionUpdate: "agent_message_chunk", content: { type: "text", text: "Trying again." } },
    {
      sessionUpdate: "tool_call_update",
      toolCallId: "late",
      title: "Write out.txt",
      kind: "edit",
      status: "in_progress",
    },
    {
      sessionUpdate: "tool_call",
      toolCallId: "late",
      title: "Write out.txt",
      kind: "edit",
      status: "completed",
      rawOutput: "ok",
    },
  ]);
  assert.equal(
    markdown,
    lines(
      "# ACP session",
      "",
      "### Tool: Tool call [other, failed]",
      "",
      "permission denied",
      "",
      "## Agent",
      "",
      "Trying again.",
      "",
      "### Tool: Write out.txt [edit, completed]",
      "",
      "Output:",
      "",
      "```",
      "ok",
      "```",
    ),
  );
});
