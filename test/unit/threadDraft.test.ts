/**
 * Folding a batch of actions in a transient draft (threadEntries.ts): linear in the batch, the same
 * result as one action at a time, and immutable from the outside (the start state and every state
 * returned before never change; unchanged entries keep their identity, changed ones get a new one).
 * Linearity is asserted by counting copies of the entry list and index, not by timing: the copies a
 * batch makes must not grow with the batch's size (how many there are is the implementation's business).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import {
  type PanelAction,
  type PanelState,
  initialPanelState,
  reducePanel,
  reducePanelBatch,
} from "../../src/shared/wire/panelState";
import { containerCopiesDuring } from "../support/containerCopies";
import { repoRoot } from "../support/fakeAgentLaunch";

const ready: PanelState = {
  ...initialPanelState,
  agents: ["Bub"],
  connection: { status: "ready", agent: "Bub", sessionId: "s1" },
};
const acp = (entryId: string, update: Record<string, unknown> & { sessionUpdate: string }): PanelAction => ({
  type: "acp/update",
  entryId,
  update,
});
const toolCall = (n: number): PanelAction =>
  acp(`t${n}`, {
    sessionUpdate: "tool_call",
    toolCallId: `call-${n}`,
    title: `Run ${n}`,
    kind: "execute",
    status: "pending",
  });
const toolDone = (n: number): PanelAction =>
  acp(`d${n}`, {
    sessionUpdate: "tool_call_update",
    toolCallId: `call-${n}`,
    status: "completed",
    content: [{ type: "content", content: { type: "text", text: `out ${n}` } }],
  });
const chunk = (n: number, sessionUpdate: string, text: string): PanelAction =>
  acp(`c${n}`, { sessionUpdate, content: { type: "text", text } });

/** A replayed history: per exchange a prompt, a thought, a reply streamed in chunks, and a tool call with its result. */
function replay(exchanges: number, from = 0): PanelAction[] {
  return Array.from({ length: exchanges }, (_, i) => from + i)
    .map((n) => [
      chunk(n, "user_message_chunk", `question ${n}`),
      chunk(n, "agent_thought_chunk", "thinking"),
      chunk(n, "agent_message_chunk", "Here is "),
      chunk(n, "agent_message_chunk", `answer ${n}.`),
      toolCall(n),
      toolDone(n),
    ])
    .flat();
}

const copiesDuring = containerCopiesDuring;

/** Freezes a value deeply: writing into a frozen array or object throws in strict mode. */
function deepFreeze<T>(value: T): T {
  if (typeof value !== "object" || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
  return value;
}

const toolCalls = (n: number) => Array.from({ length: n }, (_, i) => toolCall(i));

test("a batch's copies of the entry list and index do not grow with its size; one action at a time does", () => {
  const batched = (n: number) => copiesDuring(() => reducePanelBatch(ready, toolCalls(n)));
  assert.ok(batched(10) > 0, "the counter sees a batch's copies");
  assert.equal(batched(1000), batched(10), "1,000 tool calls copy no more than 10");
  const folded = reducePanelBatch(ready, toolCalls(1000));
  assert.equal(folded.thread.entries.length, 1000);
  assert.equal(folded.thread.index["tool:call-999"], 999);
  // The counter sees the quadratic path: one action at a time copies on every append.
  const oneByOne = (n: number) => copiesDuring(() => toolCalls(n).reduce(reducePanel, ready));
  assert.ok(
    oneByOne(1000) >= 50 * oneByOne(10),
    `one at a time: ${oneByOne(10)} copies for 10, ${oneByOne(1000)} for 1,000`,
  );
});

test("a replay's copies (chunks, tool calls, results) do not grow with its length, nor do a continuation's", () => {
  const batched = (exchanges: number) => copiesDuring(() => reducePanelBatch(ready, replay(exchanges)));
  assert.equal(batched(1000), batched(10), "6,000 updates copy no more than 60");
  const folded = reducePanelBatch(ready, replay(1000));
  assert.equal(folded.thread.entries.length, 3000, "a user message, an agent message and a tool call per exchange");
  // Continuing from a finished batch copies again (the earlier state is final), but not per update.
  const continued = (exchanges: number) => copiesDuring(() => reducePanelBatch(folded, replay(exchanges, 1000)));
  assert.ok(continued(3) > 0);
  assert.equal(continued(300), continued(3));
});

test("a batch folds to the same state as one action at a time", () => {
  const dir = join(repoRoot, "test/fixtures/transcripts");
  const recorded = readdirSync(dir)
    .filter((f) => f.endsWith(".jsonl"))
    .flatMap((f) => readFileSync(join(dir, f), "utf8").split("\n").filter(Boolean))
    .map((line) => JSON.parse(line).params?.update)
    .filter(Boolean)
    .map((update, n) => acp(`r${n}`, update));
  const actions: PanelAction[] = [
    ...recorded,
    { type: "turn/started", entryId: "u1", text: "go", at: 1 },
    toolCall(1),
    {
      type: "permission/requested",
      requestId: "p1",
      entryId: "p1",
      toolCall: { toolCallId: "call-1" },
      options: [{ optionId: "a", name: "Allow", kind: "allow_once" }],
    },
    { type: "steer/sent", entryId: "s1", steerId: "st1", text: "also this" },
    { type: "steer/applied", steerId: "st1" },
    {
      type: "subagent/event",
      entryId: "x1",
      event: {
        runId: "r1",
        type: "output",
        update: { sessionUpdate: "agent_message_chunk", content: { type: "text", text: "child" } },
      },
    },
    { type: "turn/cancelling" },
    { type: "turn/ended", stopReason: "cancelled" },
    { type: "thread/reset" },
    ...replay(5),
    { type: "turn/failed", entryId: "f1", message: "boom" },
  ];
  assert.ok(recorded.length > 30);
  assert.deepEqual(reducePanelBatch(ready, actions), actions.reduce(reducePanel, ready));
});

test("the start state and every state returned before never change", () => {
  const start = deepFreeze(reducePanelBatch(ready, replay(3)));
  const snapshot = structuredClone(start);
  const next = deepFreeze(
    reducePanelBatch(start, [
      ...replay(2, 3),
      toolDone(0),
      { type: "turn/cancelling" },
      { type: "turn/failed", entryId: "f", message: "x" },
    ]),
  );
  const nextSnapshot = structuredClone(next);
  reducePanelBatch(next, [...replay(4), ...replay(4, 5)]);
  reducePanelBatch(start, [...replay(4), ...replay(4, 5)]);
  assert.deepEqual(start, snapshot);
  assert.deepEqual(next, nextSnapshot);
});

test("unchanged entries keep their identity; a changed entry, the list and the index get new ones", () => {
  const start = reducePanelBatch(ready, [chunk(0, "user_message_chunk", "hi"), toolCall(1), toolCall(2)]);
  const noKey = reducePanelBatch(start, [chunk(1, "agent_message_chunk", "a"), chunk(1, "agent_message_chunk", "b")]);
  assert.notEqual(noKey.thread.entries, start.thread.entries);
  assert.equal(noKey.thread.index, start.thread.index, "no keyed entry was added: the index is shared");
  assert.ok(start.thread.entries.every((entry, at) => noKey.thread.entries[at] === entry));

  const next = reducePanelBatch(noKey, [toolDone(2), toolCall(3)]);
  const [user, first, second, reply] = noKey.thread.entries;
  assert.equal(next.thread.entries[0], user);
  assert.equal(next.thread.entries[1], first);
  assert.notEqual(next.thread.entries[2], second, "the updated tool call is a new object");
  assert.equal(next.thread.entries[3], reply);
  assert.equal(second?.kind === "tool_call" && second.status, "pending", "the old object is untouched");
  assert.notEqual(next.thread.index, noKey.thread.index);
  assert.deepEqual(Object.keys(noKey.thread.index), ["tool:call-1", "tool:call-2"]);

  const unchanged = reducePanelBatch(next, [acp("z", { sessionUpdate: "_vendor/thing" })]);
  assert.equal(unchanged.thread, next.thread, "a batch that changes nothing keeps the thread");
});
