/**
 * A `session/load` reaches the webview as one snapshot, not as a batch per replayed update: the
 * host holds the replay (PanelStore.holdReplay), folds it as one batch, and the ReplicaFeed posts
 * one `state/snapshot` when the load returns (or fails). The posted messages are fed to the
 * webview's real ReplicaStore: the numbering never makes it ask for a resync, and it ends with
 * the host's state.
 */
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { PanelStore } from "../../src/acp/sessions/panelStore";
import { ReplicaFeed, TAIL_ENTRIES } from "../../src/acp/sessions/replicaFeed";
import { type PanelAction, describeStatus } from "../../src/shared/wire/panelState";
import type { HostMessage, WebviewMessage } from "../../src/shared/wire/protocol";
import { containerCopiesDuring } from "../support/containerCopies";
import { FollowAgent } from "../../src/acp/sessions/followAgent";
import type { EditorNavigation } from "../../src/vscode/editorNavigation";
import { ReplicaStore } from "../../webview/host/store";
import { fakeAgent, tempStatePath } from "../support/fakeAgentLaunch";
import { Cleanup, chatSession } from "../support/hostHarness";
import { toolCards } from "../support/threadReaders";
import { waitFor } from "../support/waitFor";

const cleanup = new Cleanup();
afterEach(() => cleanup.run());

const FLUSH_MS = 8;
const settle = () => new Promise((resolve) => setTimeout(resolve, FLUSH_MS * 4));
const text = (value: string) => ({ type: "text", text: value });
const toolCall = (n: number): PanelAction => ({
  type: "acp/update",
  entryId: `t${n}`,
  update: {
    sessionUpdate: "tool_call",
    toolCallId: `call-${n}`,
    title: `Read file${n}.ts`,
    kind: "read",
    status: "pending",
    locations: [{ path: `/w/file${n}.ts` }],
  },
});

/** A stored history of `exchanges` × (prompt, reply, tool call, its result): 4 updates each. */
function seedSession(exchanges: number): { statePath: string; sessionId: string; updates: number } {
  const history = Array.from({ length: exchanges }, (_, n) => [
    { sessionUpdate: "user_message_chunk", content: text(`Question ${n}`) },
    { sessionUpdate: "agent_message_chunk", content: text(`Answer **${n}**.`) },
    {
      sessionUpdate: "tool_call",
      toolCallId: `load-${n}`,
      title: `Read area${n}.ts`,
      kind: "read",
      status: "in_progress",
      locations: [{ path: `/w/area${n}.ts` }],
    },
    {
      sessionUpdate: "tool_call_update",
      toolCallId: `load-${n}`,
      status: "completed",
      content: [{ type: "content", content: text(`output ${n}`) }],
    },
  ]).flat();
  const statePath = tempStatePath();
  const sessionId = "long-session";
  const session = {
    sessionId,
    cwd: tmpdir(),
    title: "Long",
    updatedAt: "2026-11-29T10:00:00.000000+00:00",
    listed: true,
    config: {},
    history,
  };
  writeFileSync(statePath, JSON.stringify({ clock: 0, sessions: { [sessionId]: session } }));
  return { statePath, sessionId, updates: history.length };
}

/** A ChatSession whose store feeds a real webview ReplicaStore, synced before the load starts. */
function syncedPanel(env: Record<string, string>) {
  const agent = fakeAgent("Bub", { FAKE_AGENT_PROFILE: "bub", ...env });
  const { chat } = chatSession(cleanup, [agent.launch]);
  const posted: HostMessage[] = [];
  const fromWebview: WebviewMessage[] = [];
  const replica = new ReplicaStore(
    (message) => {
      if (message.type === "state/ack") feed.acknowledge(message.seq, message.history);
      else fromWebview.push(message);
    },
    (frame) => frame(),
  );
  const feed: ReplicaFeed = new ReplicaFeed((message) => {
    posted.push(message);
    replica.receive(message);
  }, FLUSH_MS);
  cleanup.add(() => feed.dispose());
  feed.bind(chat.store);
  replica.start();
  feed.snapshot(); // the answer to webview/ready
  const statuses: string[] = [];
  chat.store.subscribe((_action, _seq, replayed) => {
    if (!replayed) statuses.push(describeStatus(chat.store.state));
  });
  return { chat, posted, fromWebview, replica, statuses };
}

const snapshots = (posted: readonly HostMessage[]) => posted.filter((m) => m.type === "state/snapshot");
const batches = (posted: readonly HostMessage[]) => posted.flatMap((m) => (m.type === "state/actions" ? [m] : []));

test("a load replaying 400 updates reaches the webview as one snapshot, not as batches of updates", async () => {
  const { statePath, sessionId, updates } = seedSession(100);
  const { chat, posted, fromWebview, replica, statuses } = syncedPanel({ FAKE_AGENT_STATE: statePath });
  await chat.openExisting("Bub", sessionId);
  await settle();

  const { thread } = chat.store.state;
  assert.equal(updates, 400);
  assert.equal(thread.entries.length, 300, "a user message, a reply and a tool call per exchange");
  assert.equal(toolCards(thread).filter((card) => card.status === "completed").length, 100);
  // 300 entries is more than TAIL_ENTRIES: the loaded thread goes out as its tail, then its older
  // entries as history once the webview acknowledges the tail (at once here: its frames run
  // synchronously). 240 older entries fit one slice.
  assert.equal(snapshots(posted).length, 2, "the answer to webview/ready, then the loaded thread's tail");
  const streamed = batches(posted).flatMap((batch) => batch.actions.map((action) => action.type));
  assert.ok(!streamed.includes("acp/update"), `no replayed update is streamed: ${streamed.join(", ")}`);
  // `connection/loading` goes out alone, or (when the flush timer fires late on a loaded machine)
  // inside the tail's snapshot, which carries the state it set: either way the webview has it.
  assert.deepEqual(
    streamed.filter((type) => type !== "connection/loading"),
    ["thread/reset", "connection/starting", "connection/ready"],
  );
  const [, tail] = snapshots(posted);
  assert.equal(tail?.type === "state/snapshot" && tail.state.thread.entries.length, TAIL_ENTRIES);
  assert.equal(tail?.type === "state/snapshot" && tail.state.thread.omittedEntries, 300 - TAIL_ENTRIES);
  assert.equal(
    tail?.type === "state/snapshot" && describeStatus(tail.state),
    "Loading session…",
    "sent as the load returned",
  );
  const history = posted.filter((m) => m.type === "state/history");
  assert.deepEqual(
    history.map((m) => m.type === "state/history" && [m.start, m.entries.length]),
    [[0, 300 - TAIL_ENTRIES]],
  );

  assert.deepEqual(fromWebview, [{ type: "webview/ready" }], "no resync: the numbering has no gap");
  assert.deepEqual(replica.getSnapshot(), chat.store.state);
  assert.ok(statuses.includes("Loading session…"));
  assert.equal(statuses.at(-1), "Bub is ready");
});

test("a failed load still shows its error after the snapshot, with no resync", async () => {
  const { chat, posted, fromWebview, replica } = syncedPanel({ FAKE_AGENT_LOAD_ERROR: "gemini" });
  await chat.openExisting("Bub", "missing-session");
  await settle();

  assert.equal(snapshots(posted).length, 2);
  const last = replica.getSnapshot();
  assert.equal(last.connection.status, "failed");
  const error = last.thread.entries.at(-1);
  assert.match(error?.kind === "error" ? error.message : "", /No previous sessions found for this project/);
  assert.deepEqual(fromWebview, [{ type: "webview/ready" }]);
  assert.deepEqual(last, chat.store.state);
});

test("a resync during the load gets the thread so far; the rest still comes as one snapshot", async () => {
  const store = new PanelStore();
  const posted: HostMessage[] = [];
  const feed = new ReplicaFeed((message) => posted.push(message), FLUSH_MS);
  cleanup.add(() => feed.dispose());
  feed.bind(store);
  feed.snapshot();
  store.dispatch({ type: "connection/loading", agent: "Bub", sessionId: "s" });
  const release = store.holdReplay();
  // Fewer entries than TAIL_ENTRIES, so that each snapshot goes out whole.
  for (let n = 0; n < 25; n++) store.dispatch(toolCall(n));
  feed.snapshot(); // the webview reloaded mid-load
  for (let n = 25; n < 50; n++) store.dispatch(toolCall(n));
  release();
  await settle();

  assert.deepEqual(
    posted.map((m) => [
      m.type,
      m.type === "state/actions" ? m.actions.length : m.type === "state/snapshot" ? m.state.thread.entries.length : 0,
    ]),
    [
      ["state/snapshot", 0],
      ["state/snapshot", 25],
      ["state/snapshot", 50],
    ],
    "the connection/loading batch was superseded by the mid-load snapshot",
  );
  assert.deepEqual(
    posted.map((m) => m.type === "state/snapshot" && m.seq),
    [0, 26, 51],
  );
});

/** Copies of the entry list and index made holding and releasing a replay of n tool calls. */
function heldReplayCopies(n: number): number {
  const store = new PanelStore();
  store.dispatch({ type: "connection/starting", agent: "Bub" });
  const release = store.holdReplay();
  const copies = containerCopiesDuring(() => {
    for (let i = 0; i < n; i++) store.dispatch(toolCall(i));
    release();
  });
  assert.ok(copies > 0, "the counter sees the release's copies");
  return copies;
}

test("a held replay folds as one batch; listeners hear each action, numbered, then the replay's end", () => {
  const store = new PanelStore();
  const heard: Array<[string, number, boolean]> = [];
  let ended = 0;
  store.subscribe((action, seq, replayed) => heard.push([action.type, seq, replayed]));
  store.onDidReplay(() => {
    ended += 1;
    assert.equal(store.isReplaying, false);
  });
  store.dispatch({ type: "connection/starting", agent: "Bub" });
  const release = store.holdReplay();
  const copies = containerCopiesDuring(() => {
    for (let n = 0; n < 1000; n++) store.dispatch(toolCall(n));
    assert.equal(heard.length, 1, "nothing is announced while held");
    release();
    release(); // a second call does nothing
  });
  assert.equal(copies, heldReplayCopies(10), "1,000 held tool calls copy the containers no more than 10 do");
  assert.equal(ended, 1);
  assert.equal(store.seq, 1001);
  assert.equal(store.state.thread.entries.length, 1000);
  assert.deepEqual(heard.slice(0, 3), [
    ["connection/starting", 1, false],
    ["acp/update", 2, true],
    ["acp/update", 3, true],
  ]);
  assert.deepEqual(heard.at(-1), ["acp/update", 1001, true]);
  store.dispatch({ type: "turn/cancelling" });
  assert.deepEqual(heard.at(-1), ["turn/cancelling", 1002, false]);
});

test("reading the state during a hold sees every action dispatched so far", () => {
  const store = new PanelStore();
  const release = store.holdReplay();
  store.dispatch(toolCall(1));
  assert.equal(store.state.thread.entries.length, 1);
  assert.equal(store.seq, 1);
  store.dispatch(toolCall(2));
  assert.equal(store.isReplaying, true);
  release();
  assert.equal(store.state.thread.entries.length, 2);
  assert.equal(store.seq, 2);
});

test("Follow agent does not open the locations of a loaded session's history", async () => {
  const opened: string[] = [];
  const navigation = { openLocation: async (path: string) => void opened.push(path) } as unknown as EditorNavigation;
  const follow = new FollowAgent(navigation, () => ["/w"]);
  follow.enabled = true;
  const store = new PanelStore();
  follow.track(store);
  const release = store.holdReplay();
  store.dispatch(toolCall(1));
  release();
  assert.deepEqual(opened, []);
  store.dispatch(toolCall(2));
  // Opening waits for the path check (openTarget.ts): the live call is opened, the replayed one never.
  await waitFor(
    () => opened.length,
    (count) => count > 0,
    "the live tool call's location to open",
  );
  assert.deepEqual(opened, ["/w/file2.ts"]);
});
