/**
 * Flow control between the host's ReplicaFeed and the webview's ReplicaStore: two action batches
 * in flight, each acknowledged once the webview has rendered it (`state/ack`); what the agent
 * sends meanwhile goes out as one larger batch. The real ReplicaStore folds every batch, so the
 * numbering is checked end to end: no resync, and the webview ends with the host's state.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { PanelStore } from "../../src/acp/sessions/panelStore";
import { HISTORY_SLICE_ENTRIES, ReplicaFeed, TAIL_ENTRIES } from "../../src/acp/sessions/replicaFeed";
import type { HostMessage, WebviewMessage } from "../../src/shared/wire/protocol";
import { ReplicaStore } from "../../webview/host/store";
import {
  ACK_TIMEOUT_MS,
  FLUSH_MS,
  PATIENT_MS,
  chunk,
  disposers,
  sent,
  wait,
  wiredPanel,
} from "../support/wiredReplica";

test("while two batches are being rendered, new actions wait and then go out together", async () => {
  const { store, replica, frame, fromWebview, batches } = wiredPanel({ acks: true });
  store.dispatch(chunk(0));
  await sent(() => batches().length, 1, "the first batch");
  assert.equal(batches().length, 1, "the first action goes out");
  store.dispatch(chunk(1));
  await sent(() => batches().length, 2, "the second batch");
  assert.equal(batches().length, 2, "a second batch goes without waiting for the first ack");

  for (let n = 2; n <= 301; n++) store.dispatch(chunk(n));
  await wait(FLUSH_MS * 3);
  assert.equal(batches().length, 2, "nothing more while two batches are unacknowledged");

  frame(); // the webview renders both batches in one frame and acknowledges them
  assert.deepEqual(fromWebview.at(-1), { type: "state/ack", seq: 2 });
  assert.equal(batches().length, 3, "the ack releases what piled up, at once");
  const released = batches()[2];
  assert.deepEqual([released?.seq, released?.through], [3, 302], "it numbers all 300 actions");
  assert.equal(released?.actions.length, 1, "its 300 text chunks merged into one");

  frame();
  assert.deepEqual(fromWebview.at(-1), { type: "state/ack", seq: 302 });
  assert.deepEqual(replica.getSnapshot(), store.state);
  assert.ok(!fromWebview.some((m) => m.type === "state/resync"), "the numbering has no gap");
});

test("an ack that never comes holds the next batch back only for the ack timeout", async () => {
  const { store, replica, frame, fromWebview, batches } = wiredPanel({ acks: false, ackTimeoutMs: ACK_TIMEOUT_MS });
  for (const n of [0, 1]) {
    store.dispatch(chunk(n));
    await sent(() => batches().length, n + 1, `batch ${n + 1}`);
  }
  store.dispatch(chunk(2));
  store.dispatch(chunk(3));
  await wait(FLUSH_MS * 3);
  assert.equal(batches().length, 2);
  await sent(() => batches().length, 3, "the batch the ack timeout releases");
  assert.equal(batches().length, 3, "released by the timeout");
  assert.deepEqual(
    batches().map((b) => [b.seq, b.through]),
    [
      [1, 1],
      [2, 2],
      [3, 4],
    ],
  );
  frame();
  assert.deepEqual(replica.getSnapshot(), store.state);
  assert.ok(!fromWebview.some((m) => m.type === "state/resync"));
});

test("a snapshot is not waited for, and a stale ack releases nothing", async () => {
  const { store, feed, frame, batches } = wiredPanel({ acks: false });
  for (const n of [0, 1]) {
    store.dispatch(chunk(n));
    await sent(() => batches().length, n + 1, `batch ${n + 1}`);
  }
  assert.equal(batches().length, 2, "the batches right after the snapshot went without an ack");
  store.dispatch(chunk(2));
  feed.acknowledge(0); // older than what is in flight
  await wait(FLUSH_MS * 3);
  assert.equal(batches().length, 2, "still waiting for the ack of seq 1");
  feed.acknowledge(1);
  assert.equal(batches().length, 3, "one slot free again");
  assert.deepEqual(batches()[2]?.actions, [chunk(2)]);
  frame();
});

test("the webview acknowledges once per rendered frame, with the last seq it folded", () => {
  const sent: WebviewMessage[] = [];
  const frames: Array<() => void> = [];
  const replica = new ReplicaStore(
    (message) => sent.push(message),
    (callback) => void frames.push(callback),
  );
  const frame = () => frames.splice(0).forEach((callback) => callback());
  replica.start();
  replica.receive({ type: "state/snapshot", seq: 10, state: { ...new PanelStore().state } });
  assert.equal(sent.length, 1, "nothing before the frame renders");
  frame();
  assert.deepEqual(sent.at(-1), { type: "state/ack", seq: 10 }, "a rendered snapshot is acknowledged too");
  replica.receive({ type: "state/actions", seq: 11, actions: [chunk(1)] });
  replica.receive({ type: "state/actions", seq: 12, actions: [chunk(2), chunk(3)] });
  assert.equal(sent.length, 2);
  frame();
  assert.deepEqual(sent.at(-1), { type: "state/ack", seq: 13 });
  frame();
  assert.equal(sent.length, 3, "no new ack without new actions");
  replica.receive({ type: "state/actions", seq: 20, actions: [chunk(4)] }); // a gap
  frame();
  assert.deepEqual(sent.slice(3), [{ type: "state/resync" }], "a gap asks for a snapshot and acks nothing");
});

/** A host store holding `n` completed tool calls (each keyed in the index). */
function toolCalls(n: number, store = new PanelStore()): PanelStore {
  for (let at = 0; at < n; at++) {
    store.dispatch({
      type: "acp/update",
      entryId: `tool-${at}`,
      update: { sessionUpdate: "tool_call", toolCallId: `call-${at}`, title: `Read ${at}`, status: "completed" },
    });
  }
  return store;
}

test("a long thread goes out as its tail first, then older entries in slices, each after the last was rendered", async () => {
  const { store, feed, replica, frame, fromWebview, posted } = wiredPanel({ acks: true, store: toolCalls(700) });
  const shapes = () =>
    posted.map((m) =>
      m.type === "state/snapshot"
        ? [m.seq, m.state.thread.entries.length, m.state.thread.omittedEntries]
        : m.type === "state/history"
          ? ["history", m.start, m.entries.length]
          : [m.type],
    );
  assert.deepEqual(shapes(), [[700, TAIL_ENTRIES, 700 - TAIL_ENTRIES]], "the tail only, at first");
  const tail = posted[0]?.type === "state/snapshot" ? posted[0].state.thread : undefined;
  assert.equal(tail?.entries[0]?.id, `tool-${700 - TAIL_ENTRIES}`);
  assert.equal(tail?.index[`tool:call-${699}`], TAIL_ENTRIES - 1, "the index is re-based onto the tail");
  assert.equal(tail?.index[`tool:call-0`], undefined);

  store.dispatch(chunk(1)); // streamed on top of the tail meanwhile
  await sent(() => posted.length, 2, "the streamed batch");
  feed.acknowledge(699); // an ack older than the tail releases nothing
  assert.deepEqual(
    shapes(),
    [[700, TAIL_ENTRIES, 700 - TAIL_ENTRIES], ["state/actions"]],
    "no history before the tail is rendered",
  );
  frame(); // the webview renders the tail (and the batch) and acknowledges them
  assert.deepEqual(
    fromWebview.filter((m) => m.type === "state/ack"),
    [{ type: "state/ack", seq: 701 }],
  );
  const held = 700 - TAIL_ENTRIES;
  assert.deepEqual(shapes().at(-1), ["history", held - HISTORY_SLICE_ENTRIES, HISTORY_SLICE_ENTRIES]);
  assert.equal(posted.length, 3, "one slice at a time");
  frame(); // renders the slice: the ack says where the held thread now starts
  assert.deepEqual(fromWebview.at(-1), { type: "state/ack", seq: 701, history: held - HISTORY_SLICE_ENTRIES });
  assert.deepEqual(shapes().at(-1), ["history", held - 2 * HISTORY_SLICE_ENTRIES, HISTORY_SLICE_ENTRIES]);
  frame();
  assert.deepEqual(shapes().at(-1), ["history", 0, held - 2 * HISTORY_SLICE_ENTRIES], "the oldest last");
  frame();
  assert.deepEqual(replica.getSnapshot(), store.state, "the webview ends with the host's thread");
  assert.equal(posted.filter((m) => m.type === "state/snapshot").length, 1, "never the whole thread at once");
  assert.ok(!fromWebview.some((m) => m.type === "state/resync"));
});

test("an update to an entry the webview does not hold yet makes the whole thread go instead of the next slice", async () => {
  const { store, replica, frame, fromWebview, posted } = wiredPanel({ acks: true, store: toolCalls(700) });
  frame(); // the tail is rendered: the first slice (entries 390-639) goes out
  assert.equal(posted.at(-1)?.type, "state/history");
  // The agent updates an old tool call that only the host holds so far.
  store.dispatch({
    type: "acp/update",
    entryId: "late",
    update: { sessionUpdate: "tool_call_update", toolCallId: "call-3", status: "failed" },
  });
  const before = posted.length;
  await sent(() => posted.length, before + 1, "the update's batch");
  frame();
  frame();
  const last = posted.at(-1);
  assert.equal(last?.type, "state/snapshot", "the whole thread replaces what the webview holds");
  assert.equal(last?.type === "state/snapshot" && last.state.thread.entries.length, 700);
  frame();
  assert.deepEqual(replica.getSnapshot(), store.state);
  const card = replica.getSnapshot().thread.entries[3];
  assert.equal(card?.kind === "tool_call" && card.status, "failed");
  assert.ok(!fromWebview.some((m) => m.type === "state/resync"));
});

test("a stale slice (the thread was replaced meanwhile) is dropped by the webview", () => {
  const replica = new ReplicaStore(
    () => undefined,
    (callback) => callback(),
  );
  const host = toolCalls(10);
  replica.receive({ type: "state/snapshot", seq: 10, state: host.state });
  replica.receive({ type: "state/history", start: 0, entries: [], index: {}, runPositions: {} });
  replica.receive({
    type: "state/history",
    start: 0,
    entries: [...host.state.thread.entries.slice(0, 2)],
    index: {},
    runPositions: {},
  });
  assert.deepEqual(replica.getSnapshot(), host.state, "a slice that does not join the held entries changes nothing");
});
test("older entries follow the tail after the ack timeout when the webview stays silent", async () => {
  const store = new PanelStore();
  for (let n = 0; n < TAIL_ENTRIES + 1; n++)
    store.dispatch({ type: "thread/error", entryId: `e${n}`, message: `m${n}` });
  const posted: HostMessage[] = [];
  const feed = new ReplicaFeed((message) => posted.push(message), FLUSH_MS, ACK_TIMEOUT_MS);
  disposers.push(() => feed.dispose());
  feed.bind(store);
  feed.snapshot();
  assert.equal(posted.length, 1);
  await sent(() => posted.length, 2, "the older entry, after the ack timeout");
  assert.deepEqual(
    posted.map((m) =>
      m.type === "state/snapshot" ? m.state.thread.entries.length : m.type === "state/history" && m.start,
    ),
    [TAIL_ENTRIES, 0],
    "the tail, then the one older entry",
  );
});

test("the first action after a quiet spell goes out once the event loop turn ends; a stream after it waits flushMs", async () => {
  const store = new PanelStore();
  const posted: HostMessage[] = [];
  // The flush interval never elapses during the test: only the quiet spell's rule posts anything.
  const feed = new ReplicaFeed((message) => posted.push(message), PATIENT_MS, PATIENT_MS);
  disposers.push(() => feed.dispose());
  feed.bind(store);
  feed.snapshot();
  const batches = () =>
    posted.flatMap((m) => (m.type === "state/actions" ? [[m.seq, m.through, m.actions.length]] : []));
  const turn = () => new Promise((resolve) => setImmediate(resolve));

  store.dispatch(chunk(0));
  store.dispatch(chunk(1));
  assert.deepEqual(batches(), [], "not from inside the dispatch: what the same read brings joins the batch");
  await turn();
  assert.deepEqual(batches(), [[1, 2, 1]], "posted without waiting for the flush interval, its chunks merged");

  store.dispatch(chunk(2));
  await turn();
  await wait(FLUSH_MS * 3);
  assert.deepEqual(batches(), [[1, 2, 1]], "a chunk right after the others is a stream: it waits for the interval");
});
