/**
 * PanelStore.stream: what the agent streams is folded as merged runs of text chunks, one action
 * per task instead of one per chunk, and nothing a reader or listener sees differs from
 * dispatching each action on its own (same thread, same order).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { PanelStore } from "../../src/acp/sessions/panelStore";
import type { PanelAction } from "../../src/shared/wire/panelState";
import { kindsOf } from "../support/threadReaders";

const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
const SEED = Number(process.env.FUZZ_SEED ?? 20261201);

const chunk = (text: string, kind = "agent_message_chunk"): PanelAction => ({
  type: "acp/update",
  entryId: `c-${text}`,
  update: { sessionUpdate: kind, content: { type: "text", text } },
});
const tool = (id: string): PanelAction => ({
  type: "acp/update",
  entryId: `t-${id}`,
  update: { sessionUpdate: "tool_call", toolCallId: id, title: `Run ${id}`, status: "pending" },
});
const nextTask = () => new Promise((resolve) => setImmediate(resolve));

function textOf(store: PanelStore): string {
  return store.state.thread.entries
    .flatMap((entry) => (entry.kind === "assistant" ? entry.chunks.map((c) => `${c.kind}:${c.text}`) : []))
    .join("|");
}

test("a flood of chunks within one task reaches the listeners as one action", async () => {
  const store = new PanelStore();
  const heard: Array<[string, number]> = [];
  store.subscribe((action, seq) => heard.push([action.type, seq]));
  for (let n = 0; n < 1000; n++) store.stream(chunk(`${n} `));
  assert.equal(heard.length, 0, "nothing folded before the task ends");
  await nextTask();
  assert.deepEqual(heard, [["acp/update", 1]]);
  assert.equal(
    textOf(store),
    `message:${Array.from({ length: 1000 }, (_, n) => `${n} `).join("")}`,
    "the joined text, in order",
  );
});

test("a reader mid-task sees every chunk streamed so far", () => {
  const store = new PanelStore();
  store.stream(chunk("a"));
  store.stream(chunk("b"));
  assert.equal(textOf(store), "message:ab");
  assert.equal(store.seq, 1);
  store.stream(chunk("c"));
  assert.equal(textOf(store), "message:abc");
});

test("anything else folds the waiting chunks first: the order is kept", async () => {
  const store = new PanelStore();
  const heard: string[] = [];
  store.subscribe((action) =>
    heard.push(action.type === "acp/update" ? String(action.update.sessionUpdate) : action.type),
  );
  store.stream(chunk("before "));
  store.stream(chunk("the tool"));
  store.stream(tool("t1"));
  store.stream(chunk("after"));
  store.dispatch({ type: "thread/error", entryId: "e1", message: "boom" });
  await nextTask();
  assert.deepEqual(heard, ["agent_message_chunk", "tool_call", "agent_message_chunk", "thread/error"]);
  assert.deepEqual(kindsOf(store.state.thread), ["assistant", "tool_call", "assistant", "error"]);
});

test("streamed or dispatched one by one, any mix of actions folds to the same state", async () => {
  const action = fc.oneof(
    fc.string({ maxLength: 6 }).map((text) => chunk(text)),
    fc.string({ maxLength: 6 }).map((text) => chunk(text, "agent_thought_chunk")),
    fc.string({ minLength: 1, maxLength: 3 }).map((id) => tool(id)),
    fc.string({ maxLength: 6 }).map((text): PanelAction => ({
      type: "acp/update",
      entryId: `m-${text}`,
      update: { sessionUpdate: "agent_message_chunk", messageId: "m1", content: { type: "text", text } },
    })),
  );
  await fc.assert(
    fc.asyncProperty(fc.array(fc.array(action, { maxLength: 20 }), { maxLength: 6 }), async (tasks) => {
      const streamed = new PanelStore();
      const dispatched = new PanelStore();
      for (const task of tasks) {
        for (const a of task) {
          streamed.stream(a);
          dispatched.dispatch(a);
        }
        await nextTask();
      }
      assert.deepEqual(streamed.state.thread, dispatched.state.thread);
    }),
    { seed: SEED, numRuns: RUNS },
  );
});

test("while a replay is held, streamed chunks join the held batch like dispatched ones", () => {
  const store = new PanelStore();
  const release = store.holdReplay();
  store.stream(chunk("old "));
  store.stream(chunk("history"));
  release();
  assert.equal(textOf(store), "message:old history");
  assert.equal(store.seq, 2, "a held replay numbers each action");
});
