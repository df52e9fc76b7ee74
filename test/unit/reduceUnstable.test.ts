/**
 * The unstable session/update variants in the thread reducer: id-addressed plans, child sessions
 * (patch semantics: omitted keeps, null clears) and inter-session messages.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { reduceThread } from "../../src/shared/thread/reduceThread";
import { emptyThread, type Thread } from "../../src/shared/thread/thread";
import { messagesOfRun } from "../../src/shared/thread/reduceUnstable";

let counter = 0;
const fold = (thread: Thread, ...updates: Array<Record<string, unknown>>): Thread =>
  updates.reduce(
    (t, update) =>
      reduceThread(t, { type: "acp/update", entryId: `e${++counter}`, update: update as { sessionUpdate: string } }),
    thread,
  );

test("plan_update replaces a plan by id and keeps the order of first sight; plan_removed drops it; the stable plan is untouched", () => {
  let thread = fold(
    emptyThread,
    { sessionUpdate: "plan", entries: [{ content: "Stable", priority: "low", status: "pending" }] },
    { sessionUpdate: "plan_update", plan: { type: "markdown", planId: "a", content: "first" } },
    { sessionUpdate: "plan_update", plan: { type: "file", planId: "b", uri: "file:///p.md" } },
    {
      sessionUpdate: "plan_update",
      plan: { type: "items", planId: "a", entries: [{ content: "Step", status: "completed" }, { bogus: true }] },
    },
  );
  assert.deepEqual(thread.idPlans, [
    { type: "items", planId: "a", entries: [{ content: "Step", priority: "medium", status: "completed" }] },
    { type: "file", planId: "b", uri: "file:///p.md" },
  ]);
  thread = fold(
    thread,
    { sessionUpdate: "plan_removed", planId: "a" },
    { sessionUpdate: "plan_removed", planId: "nope" },
  );
  assert.deepEqual(
    thread.idPlans?.map((plan) => plan.planId),
    ["b"],
  );
  assert.deepEqual(
    thread.plan.map((step) => step.content),
    ["Stable"],
  );
  assert.equal(
    fold(thread, { sessionUpdate: "plan_update", plan: { type: "video", planId: "c" } }),
    thread,
    "an unknown plan type is ignored",
  );
});

test("subagent_update: announce, patch (omitted keeps, null clears), states from idle stop reasons", () => {
  let thread = fold(emptyThread, {
    sessionUpdate: "subagent_update",
    sessionId: "c1",
    title: "Writer",
    state: { state: "running" },
  });
  assert.equal(thread.runs.c1?.state, "running");
  assert.deepEqual(thread.runOrder, ["c1"]);
  thread = fold(thread, { sessionUpdate: "subagent_update", sessionId: "c1", state: { state: "requires_action" } });
  assert.equal(thread.runs.c1?.description, "Writer", "an omitted title keeps the old one");
  assert.equal(thread.runs.c1?.state, "waiting", "requires_action: blocked on the user");
  thread = fold(thread, {
    sessionUpdate: "subagent_update",
    sessionId: "c1",
    title: null,
    state: { state: "idle", stopReason: "cancelled" },
  });
  assert.equal(thread.runs.c1?.description, undefined, "null clears the title");
  assert.equal(thread.runs.c1?.state, "cancelled");
  for (const [stopReason, state] of [
    ["failed", "failed"],
    ["refusal", "failed"],
    ["end_turn", "completed"],
    [undefined, "completed"],
  ] as const) {
    assert.equal(
      fold(thread, {
        sessionUpdate: "subagent_update",
        sessionId: "c1",
        state: { state: "idle", ...(stopReason ? { stopReason } : {}) },
      }).runs.c1?.state,
      state,
      String(stopReason),
    );
  }
  assert.equal(
    fold(thread, { sessionUpdate: "subagent_update", sessionId: "c1", state: null }).runs.c1?.state,
    "unknown",
    "null: activity unconfirmed",
  );
  assert.deepEqual(
    fold(thread, { sessionUpdate: "subagent_update", sessionId: "c1" }).runOrder,
    ["c1"],
    "a patch is not a second run",
  );
});

test("session_message upserts (content replaces, null clears) and session_message_chunk appends, also before the upsert", () => {
  let thread = fold(
    emptyThread,
    { sessionUpdate: "session_message_chunk", messageId: "m", content: { type: "text", text: "Hel" } },
    { sessionUpdate: "session_message_chunk", messageId: "m", content: { type: "text", text: "lo" } },
    { sessionUpdate: "session_message", messageId: "m", senderSessionId: "a", recipientSessionId: "b" },
  );
  assert.deepEqual(thread.sessionMessages, [{ messageId: "m", text: "Hello", sender: "a", recipient: "b" }]);
  thread = fold(thread, {
    sessionUpdate: "session_message",
    messageId: "m",
    recipientSessionId: null,
    content: [{ type: "text", text: "Bye" }],
  });
  assert.deepEqual(thread.sessionMessages, [{ messageId: "m", text: "Bye", sender: "a" }]);
  thread = fold(thread, { sessionUpdate: "session_message", messageId: "m", content: null });
  assert.equal(thread.sessionMessages?.[0]?.text, "", "null content clears it");
});

test("a message seen from both sides (parent's outgoing view, child's incoming view) is shown once, from the parent's side", () => {
  let thread = fold(
    emptyThread,
    { sessionUpdate: "subagent_update", sessionId: "c1", title: "Writer" },
    {
      sessionUpdate: "session_message",
      messageId: "out-1",
      senderSessionId: "p",
      recipientSessionId: "c1",
      recipientMessageId: "in-1",
      content: [{ type: "text", text: "Go" }],
    },
  );
  thread = reduceThread(thread, {
    type: "subagent/event",
    entryId: "x1",
    event: {
      type: "output",
      runId: "c1",
      update: {
        sessionUpdate: "session_message",
        messageId: "in-1",
        senderSessionId: "p",
        recipientSessionId: "c1",
        senderMessageId: "out-1",
        content: [{ type: "text", text: "Go" }],
      },
    },
  });
  thread = reduceThread(thread, {
    type: "subagent/event",
    entryId: "x2",
    event: {
      type: "output",
      runId: "c1",
      update: {
        sessionUpdate: "session_message",
        messageId: "in-2",
        senderSessionId: "p",
        recipientSessionId: "c1",
        content: [{ type: "text", text: "Also this" }],
      },
    },
  });
  assert.deepEqual(
    messagesOfRun(thread.sessionMessages, thread.runs.c1!).map((message) => message.messageId),
    ["out-1", "in-2"],
  );
});
