import { test } from "node:test";
import assert from "node:assert/strict";
import { reduceThread } from "../../src/shared/thread/reduceThread";
import { emptyThread, type Thread } from "../../src/shared/thread/thread";
import type { ThreadAction } from "../../src/shared/thread/threadActions";
import { entriesOf, kindsOf } from "../support/threadReaders";

let counter = 0;
const update = (sessionUpdate: string, text: string, messageId?: string): ThreadAction => ({
  type: "acp/update",
  entryId: `e${++counter}`,
  update: { sessionUpdate, content: { type: "text", text }, ...(messageId ? { messageId } : {}) },
});
const fold = (actions: ThreadAction[], from: Thread = emptyThread) => actions.reduce(reduceThread, from);

test("consecutive agent chunks coalesce into one message", () => {
  const thread = fold([update("agent_message_chunk", "Hel"), update("agent_message_chunk", "lo")]);
  assert.equal(thread.entries.length, 1);
  assert.deepEqual(thread.entries[0], {
    kind: "assistant",
    id: thread.entries[0]!.id,
    chunks: [{ kind: "message", text: "Hello" }],
  });
});

test("a thought and a reply are separate chunks of the same message", () => {
  const thread = fold([
    update("agent_thought_chunk", "hmm"),
    update("agent_message_chunk", "Answer"),
    update("agent_message_chunk", "!"),
  ]);
  assert.equal(thread.entries.length, 1);
  const entry = thread.entries[0];
  assert.equal(entry?.kind, "assistant");
  assert.deepEqual(entry.kind === "assistant" && entry.chunks, [
    { kind: "thought", text: "hmm" },
    { kind: "message", text: "Answer!" },
  ]);
});

test("a new messageId starts a new message; a missing one continues the current", () => {
  const thread = fold([
    update("agent_message_chunk", "one", "m1"),
    update("agent_message_chunk", " more"),
    update("agent_message_chunk", "two", "m2"),
  ]);
  assert.equal(thread.entries.length, 2);
  assert.deepEqual(
    thread.entries.map((e) => e.kind === "assistant" && e.chunks[0]?.text),
    ["one more", "two"],
  );
});

test("the agent echoing the live prompt is dropped; replayed user chunks are kept", () => {
  const live = fold([
    { type: "turn/started", entryId: "u1", text: "hello there", at: 1 },
    update("user_message_chunk", "hello there"),
  ]);
  assert.equal(live.entries.length, 1);
  const replay = fold([update("user_message_chunk", "old question"), update("agent_message_chunk", "old answer")]);
  assert.deepEqual(kindsOf(replay), ["user", "assistant"]);
});

test("unknown updates leave the thread unchanged", () => {
  const before = fold([update("agent_message_chunk", "x")]);
  const after = reduceThread(before, { type: "acp/update", entryId: "z", update: { sessionUpdate: "_vendor/thing" } });
  assert.equal(after, before);
});

test("turn lifecycle: started → cancelling → ended(cancelled)", () => {
  const thread = fold([
    { type: "turn/started", entryId: "u1", text: "go", at: 5 },
    { type: "turn/cancelling" },
    { type: "turn/ended", stopReason: "cancelled" },
  ]);
  assert.deepEqual(thread.turn, { phase: "idle", lastStop: "cancelled" });
});

test("a failed turn ends the turn and adds an error entry", () => {
  const thread = fold([
    { type: "turn/started", entryId: "u1", text: "go", at: 5 },
    { type: "turn/failed", entryId: "x1", message: "boom", details: "trace" },
  ]);
  assert.equal(thread.turn.phase, "idle");
  assert.deepEqual(thread.entries.at(-1), { kind: "error", id: "x1", message: "boom", details: "trace" });
});

test("a connection that is ready again clears a failed turn's status", async () => {
  const { reducePanel, initialPanelState, describeStatus } = await import("../../src/shared/wire/panelState");
  let state = reducePanel(initialPanelState, { type: "connection/ready", agent: "A", sessionId: "s" });
  state = reducePanel(state, { type: "turn/started", entryId: "u", text: "go", at: 1 });
  state = reducePanel(state, { type: "connection/failed", agent: "A", message: "died" });
  assert.equal(state.thread.turn.phase, "idle");
  state = reducePanel(state, { type: "connection/ready", agent: "A", sessionId: "s" });
  assert.equal(describeStatus(state), "A is ready");
});

test("a turn's token usage does not carry over to a later turn that reported none", () => {
  const usage = { inputTokens: 1200, outputTokens: 340, totalTokens: 1540 };
  const first = fold([
    { type: "turn/started", entryId: "u1", text: "one", at: 1 },
    { type: "turn/ended", stopReason: "end_turn", usage },
  ]);
  assert.deepEqual(first.turnUsage, usage);
  const second = fold([{ type: "turn/started", entryId: "u2", text: "two", at: 2 }], first);
  assert.equal(second.turnUsage, undefined, "a new turn has no usage yet");
  assert.equal(
    fold([{ type: "turn/ended", stopReason: "end_turn" }], second).turnUsage,
    undefined,
    "ended without usage",
  );
  const failed = fold(
    [
      { type: "turn/started", entryId: "u3", text: "three", at: 3 },
      { type: "turn/failed", entryId: "x", message: "boom" },
    ],
    first,
  );
  assert.equal(failed.turnUsage, undefined, "a failed turn has none either");
});

test("a finished plan belongs to its turn: the next turn starts without it; an unfinished one stays", () => {
  const plan = (status: "completed" | "in_progress"): ThreadAction => ({
    type: "acp/update",
    entryId: "p",
    update: {
      sessionUpdate: "plan",
      entries: [
        { content: "Write it", priority: "high", status: "completed" },
        { content: "Test it", priority: "high", status },
      ],
    },
  });
  const next: ThreadAction = { type: "turn/started", entryId: "u2", text: "next", at: 2 };
  const done = fold([
    { type: "turn/started", entryId: "u1", text: "one", at: 1 },
    plan("completed"),
    { type: "turn/ended", stopReason: "end_turn" },
  ]);
  assert.equal(done.plan.length, 2, "shown at the end of its own turn");
  assert.deepEqual(fold([next], done).plan, [], "gone when the next turn starts");
  const unfinished = fold([
    { type: "turn/started", entryId: "u1", text: "one", at: 1 },
    plan("in_progress"),
    { type: "turn/ended", stopReason: "cancelled" },
  ]);
  assert.equal(fold([next], unfinished).plan.length, 2, "an unfinished plan stays");
});

test("a turn the user stopped leaves a visible line in the transcript; one the agent ended itself does not", () => {
  const stopped = fold([
    { type: "turn/started", entryId: "u1", text: "go", at: 1 },
    update("agent_message_chunk", "Working"),
    { type: "turn/cancelling" },
    { type: "turn/ended", stopReason: "cancelled" },
  ]);
  const last = stopped.entries.at(-1);
  assert.deepEqual(last && { kind: last.kind, title: last.kind === "notice" ? last.title : undefined }, {
    kind: "notice",
    title: "You stopped this turn.",
  });
  assert.equal(new Set(stopped.entries.map((e) => e.id)).size, stopped.entries.length, "ids stay unique");
  const byAgent = fold([
    { type: "turn/started", entryId: "u1", text: "go", at: 1 },
    { type: "turn/ended", stopReason: "cancelled" },
  ]);
  assert.deepEqual(kindsOf(byAgent), ["user"]);
});

test("an agent's session title is capped and cleaned like the user's rename: no control or bidi characters", () => {
  const title = (value: string | null) =>
    fold([
      { type: "acp/update", entryId: `t${++counter}`, update: { sessionUpdate: "session_info_update", title: value } },
    ]).title;
  assert.equal(
    title("  Fix\u202E gnp.exe \u2066login\u2069\u0007\u0000  bug\r\n\tnow\u200F "),
    "Fix gnp.exe login bug now",
  );
  const long = title(`${"Long ".repeat(1000)}end`);
  assert.ok(long !== undefined && long.length <= 200, `capped: ${long?.length}`);
  assert.ok(long?.startsWith("Long Long"));
  assert.equal(title(`${"a".repeat(199)}😀tail`)?.endsWith("\ud83d"), false, "never cut inside a surrogate pair");
  assert.equal(title("\u202E\u0007\u200E"), undefined, "a title of only control characters is no title");
});

const modeState = {
  currentModeId: "default",
  availableModes: [
    { id: "default", name: "Default" },
    { id: "plan", name: "Plan" },
    { id: "edit", name: "Accept Edits" },
    { id: "bare", name: "" },
  ],
};
const withModes: ThreadAction = { type: "session/state", modes: modeState };
const mode = (currentModeId: string): ThreadAction => ({
  type: "acp/update",
  entryId: `m${++counter}`,
  update: { sessionUpdate: "current_mode_update", currentModeId },
});
const markers = (thread: Thread) => entriesOf(thread, "mode_change").map((entry) => entry.name);

test("a mode change leaves a marker with the mode's name then; an echo or a thread without modes leaves none", () => {
  const changed = fold([withModes, update("agent_message_chunk", "Planning"), mode("plan"), mode("plan")]);
  assert.equal(changed.modes?.currentModeId, "plan");
  assert.deepEqual(kindsOf(changed), ["assistant", "mode_change"], "the echo of the current mode adds nothing");
  assert.deepEqual(changed.entries[1], {
    kind: "mode_change",
    id: changed.entries[1]!.id,
    modeId: "plan",
    name: "Plan",
    previousModeId: "default",
  });
  assert.deepEqual(kindsOf(fold([withModes, mode("default")])), [], "the mode it is in already");
  const unknown = fold([mode("plan")]);
  assert.deepEqual([unknown.entries, unknown.modes], [[], undefined], "no modes known: nothing to change");
  const unnamed = fold([withModes, mode("bare"), update("agent_message_chunk", "x"), mode("gone")]);
  assert.deepEqual(markers(unnamed), ["bare", "gone"], "no name, or no such mode: its id");
  // The name is kept as it was: modes renamed later do not rename the marker.
  const renamed = fold([{ type: "session/state", modes: { currentModeId: "plan", availableModes: [] } }], changed);
  assert.deepEqual(markers(renamed), ["Plan"]);
});

test("mode changes with nothing between are one marker; a change back to the mode before it removes it", () => {
  const toPlan = mode("plan");
  const toggled = fold([withModes, update("agent_message_chunk", "Hi"), toPlan, mode("edit")]);
  assert.deepEqual(kindsOf(toggled), ["assistant", "mode_change"]);
  assert.deepEqual(markers(toggled), ["Accept Edits"]);
  assert.equal(toggled.entries[1]!.id, toPlan.type === "acp/update" && toPlan.entryId, "the row keeps its id");
  const back = fold([mode("default")], toggled);
  assert.deepEqual(kindsOf(back), ["assistant"], "Default → Plan → Accept Edits → Default changed nothing");
  assert.equal(back.modes?.currentModeId, "default");
  // Plan → Default → Plan quickly: one marker, Plan.
  const planned = fold([
    withModes,
    mode("plan"),
    update("agent_message_chunk", "Plan: …"),
    mode("default"),
    mode("plan"),
  ]);
  assert.deepEqual(kindsOf(planned), ["mode_change", "assistant"], "the first marker stays: its mode had output");
  // Something between keeps both.
  const apart = fold([withModes, mode("plan"), update("agent_message_chunk", "Plan: …"), mode("default")]);
  assert.deepEqual(markers(apart), ["Plan", "Default"]);
  // A mode the agent set otherwise since (session/state) ends the run: the marker no longer speaks for now.
  const moved = fold([
    withModes,
    mode("plan"),
    { type: "session/state", modes: { ...modeState, currentModeId: "edit" } },
    mode("default"),
  ]);
  assert.deepEqual(markers(moved), ["Plan", "Default"]);
  // A restored marker is another session's history: a later change never folds into it.
  const restored = fold([
    { type: "thread/restored", entries: [{ kind: "mode_change", modeId: "plan", name: "Plan" }] },
    withModes,
    mode("plan"),
  ]);
  assert.deepEqual(markers(restored), ["Plan", "Plan"]);
});
