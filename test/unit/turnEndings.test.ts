/**
 * Turns that end honestly (issue 28 item 3), in the shared reducer: which endings leave a notice,
 * and which output counts (a reply, a tool call, a plan; not a thought, not an empty chunk).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { reduceThread } from "../../src/shared/thread/reduceThread";
import { emptyThread, type NoticeEntry, type StopReason, type Thread } from "../../src/shared/thread/thread";
import type { ThreadAction } from "../../src/shared/thread/threadActions";
import { defaultAndPlanModes } from "../support/threadModes";

const update = (entryId: string, value: { sessionUpdate: string; [key: string]: unknown }): ThreadAction => ({
  type: "acp/update",
  entryId,
  update: value,
});

function turn(stopReason: StopReason, ...during: ThreadAction[]): Thread {
  const actions: ThreadAction[] = [
    { type: "turn/started", entryId: "u1", text: "Fix the parser", at: 1 },
    ...during,
    { type: "turn/ended", stopReason },
  ];
  return actions.reduce(reduceThread, emptyThread);
}

const endings = (thread: Thread) =>
  thread.entries.filter((entry): entry is NoticeEntry => entry.kind === "notice").map((entry) => entry.ending);

test("end_turn with nothing shown: a notice that offers Retry (ending 'empty')", () => {
  const thread = turn("end_turn");
  assert.deepEqual(endings(thread), ["empty"]);
  const notice = thread.entries.at(-1) as NoticeEntry;
  assert.equal(notice.severity, "warning");
  assert.equal(notice.title, "The agent ended the turn without any output: no reply, no tool call, no plan.");
});

test("only thoughts, or an empty text chunk, are no output either", () => {
  assert.deepEqual(
    endings(
      turn(
        "end_turn",
        update("a1", { sessionUpdate: "agent_thought_chunk", content: { type: "text", text: "hmm" } }),
        update("a1", { sessionUpdate: "agent_message_chunk", content: { type: "text", text: "  " } }),
      ),
    ),
    ["empty"],
  );
});

test("a reply, a tool call or a plan is output: no notice", () => {
  const reply = update("a1", { sessionUpdate: "agent_message_chunk", content: { type: "text", text: "Done." } });
  const tool = update("t1", {
    sessionUpdate: "tool_call",
    toolCallId: "c1",
    title: "Read",
    kind: "read",
    status: "completed",
  });
  const plan = update("p1", {
    sessionUpdate: "plan",
    entries: [{ content: "Look", priority: "high", status: "pending" }],
  });
  for (const output of [reply, tool, plan]) assert.deepEqual(endings(turn("end_turn", output)), []);
});

test("the token and request limits: a notice that offers Continue, even after a reply", () => {
  const reply = update("a1", { sessionUpdate: "agent_message_chunk", content: { type: "text", text: "Half" } });
  assert.deepEqual(endings(turn("max_tokens", reply)), ["max_tokens"]);
  assert.deepEqual(endings(turn("max_turn_requests", reply)), ["max_turn_requests"]);
});

test("a cancelled turn, a refusal, or a turn a notice already spoke for: no ending notice", () => {
  assert.deepEqual(endings(turn("cancelled")), []);
  assert.deepEqual(endings(turn("refusal")), []);
  const said = update("n1", {
    sessionUpdate: "notice",
    severity: "warning",
    title: "X ended the turn without replying",
  });
  assert.deepEqual(
    turn("end_turn", said)
      .entries.filter((entry) => entry.kind === "notice")
      .map((entry) => (entry as NoticeEntry).title),
    ["X ended the turn without replying"],
    "the quirk warning alone",
  );
});

test("a turn whose only effect was a mode switch (a `/plan` the agent answers by switching) is not called empty", () => {
  const actions: ThreadAction[] = [
    defaultAndPlanModes,
    { type: "turn/started", entryId: "u1", text: "/plan", at: 1 },
    update("m1", { sessionUpdate: "current_mode_update", currentModeId: "plan" }),
    { type: "turn/ended", stopReason: "end_turn" },
  ];
  const thread = actions.reduce(reduceThread, emptyThread);
  assert.deepEqual(endings(thread), [], "the mode marker speaks for the turn");
  assert.equal(thread.entries.at(-1)?.kind, "mode_change");
});
