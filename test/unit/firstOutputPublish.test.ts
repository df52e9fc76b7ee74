/**
 * The webview's replica publishes the batch that brings a turn's first output as it arrives (when
 * no frame is pending), so React renders it in the message's task; everything else waits for the
 * next animation frame as before (webview/host/store.ts).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { initialPanelState } from "../../src/shared/wire/panelState";
import type { WebviewMessage } from "../../src/shared/wire/protocol";
import { ReplicaStore } from "../../webview/host/store";
import { chunk } from "../support/wiredReplica";

function replica() {
  const posted: WebviewMessage[] = [];
  const frames: Array<() => void> = [];
  const store = new ReplicaStore(
    (message) => posted.push(message),
    (callback) => void frames.push(callback),
  );
  let renders = 0;
  store.subscribe(() => renders++);
  const frame = () => frames.splice(0).forEach((callback) => callback());
  /** The snapshot, rendered. */
  const open = () => {
    store.receive({ type: "state/snapshot", seq: 1, state: { ...initialPanelState } });
    frame();
  };
  const turnStarted = (seq: number) =>
    store.receive({
      type: "state/actions",
      seq,
      actions: [{ type: "turn/started", entryId: `user${seq}`, text: "hello", at: seq }],
    });
  return { store, posted, frames, frame, open, turnStarted, renders: () => renders };
}

test("a turn's first output is published and acknowledged as its batch arrives; the rest of the stream waits for frames", () => {
  const page = replica();
  page.open();
  page.turnStarted(2);
  assert.equal(page.renders(), 1, "the turn's start waits for a frame");
  page.frame();
  page.store.receive({
    type: "state/actions",
    seq: 3,
    actions: [{ type: "checkpoint/taken", entryId: "user2", checkpointId: "c1" }],
  });
  page.frame();
  assert.equal(page.renders(), 3);

  page.store.receive({ type: "state/actions", seq: 4, actions: [chunk(0)] });
  assert.equal(page.renders(), 4, "the first chunk renders without waiting for a frame");
  assert.equal(page.frames.length, 0, "and asks for none");
  assert.deepEqual(page.posted.at(-1), { type: "state/ack", seq: 4 });
  assert.equal(page.store.getSnapshot().thread.entries.at(-1)?.kind, "assistant");

  page.store.receive({ type: "state/actions", seq: 5, actions: [chunk(1)] });
  page.store.receive({ type: "state/actions", seq: 6, actions: [chunk(2)] });
  assert.equal(page.renders(), 4, "the stream after it waits for the frame");
  page.frame();
  assert.equal(page.renders(), 5, "both batches in one frame");
  assert.deepEqual(page.posted.at(-1), { type: "state/ack", seq: 6 });
});

test("a first output that comes while a frame is pending joins that frame", () => {
  const page = replica();
  page.open();
  page.turnStarted(2);
  page.store.receive({ type: "state/actions", seq: 3, actions: [chunk(0)] });
  assert.equal(page.renders(), 1, "no render outside the frame: at most one new state per frame");
  page.frame();
  assert.equal(page.renders(), 2);
  assert.deepEqual(page.posted.at(-1), { type: "state/ack", seq: 3 });
});

test("a thought or a tool call first counts as the reply's first output; a second turn's too", () => {
  const page = replica();
  page.open();
  page.turnStarted(2);
  page.frame();
  page.store.receive({
    type: "state/actions",
    seq: 3,
    actions: [
      {
        type: "acp/update",
        entryId: "reply",
        update: { sessionUpdate: "agent_thought_chunk", content: { type: "text", text: "Let me see" } },
      },
    ],
  });
  assert.equal(page.renders(), 3, "the thought renders as it arrives");
  page.store.receive({ type: "state/actions", seq: 4, actions: [{ type: "turn/ended", stopReason: "end_turn" }] });
  page.frame();

  page.turnStarted(5);
  page.frame();
  page.store.receive({
    type: "state/actions",
    seq: 6,
    actions: [
      {
        type: "acp/update",
        entryId: "reply2",
        update: { sessionUpdate: "tool_call", toolCallId: "t1", title: "Read a.ts", kind: "read", status: "pending" },
      },
    ],
  });
  assert.equal(page.renders(), 6, "the next turn's tool call renders as it arrives");
  assert.deepEqual(page.posted.at(-1), { type: "state/ack", seq: 6 });
});
