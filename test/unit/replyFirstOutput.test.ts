/**
 * A reply's first output is not held back by the turn's start (ReplicaFeed's flow control): the
 * turn's start is two batches (`turn/started`, then `checkpoint/taken`), often both unacknowledged
 * when the agent's first chunk comes, as the webview shares its thread with the workbench, busy
 * right after the Send click. One batch more may be in flight for that output, once per turn.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { FLUSH_MS, chunk, sent, wait, wiredPanel } from "../support/wiredReplica";

test("a reply's first chunk is not held back by the turn's start: one batch more may be in flight for it, once per turn", async () => {
  const { store, frame, fromWebview, replica, batches, clock } = wiredPanel({ acks: true });
  // The turn's start: the user's message, then the checkpoint, both still unacknowledged (the
  // webview shares its thread with the workbench, busy right after the Send click).
  store.dispatch({ type: "turn/started", entryId: "user", text: "hello", at: 1 });
  await sent(() => batches().length, 1, "the turn's start");
  clock.now += FLUSH_MS * 4;
  store.dispatch({ type: "checkpoint/taken", entryId: "user", checkpointId: "c1" });
  await sent(() => batches().length, 2, "the checkpoint");

  clock.now += FLUSH_MS * 4; // the agent thinks
  store.dispatch(chunk(0));
  store.dispatch(chunk(1)); // the same read
  await sent(() => batches().length, 3, "the first chunk, without an ack");
  assert.deepEqual(
    batches().map((b) => [b.seq, b.through]),
    [
      [1, 1],
      [2, 2],
      [3, 4],
    ],
    "what the same read brought joins the first chunk's batch",
  );

  store.dispatch(chunk(2)); // the stream goes on: flow control holds it as before
  await wait(FLUSH_MS * 3);
  assert.equal(batches().length, 3, "nothing more while three batches are unacknowledged");
  frame();
  assert.deepEqual(fromWebview.at(-1), { type: "state/ack", seq: 4 });
  assert.equal(batches().length, 4, "the ack releases the rest");

  // Later in the turn, a quiet spell is only a quiet spell: two batches in flight, as for any stream.
  clock.now += FLUSH_MS * 4;
  store.dispatch(chunk(3));
  await sent(() => batches().length, 5, "the next output after a pause");
  clock.now += FLUSH_MS * 4;
  store.dispatch(chunk(4));
  await wait(FLUSH_MS * 3);
  assert.equal(batches().length, 5, "nothing more while two batches are unacknowledged");
  frame();
  assert.equal(batches().length, 6);
  frame();
  assert.deepEqual(replica.getSnapshot(), store.state);
  assert.ok(!fromWebview.some((m) => m.type === "state/resync"), "the numbering has no gap");
});
