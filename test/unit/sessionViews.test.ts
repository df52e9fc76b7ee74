/**
 * One session shown in the side panel and in an editor tab (issue 18 §4): two SessionViews, each
 * with its own ReplicaFeed wired to a real webview ReplicaStore, on one SessionManager. The panel
 * follows the active tab, the editor tab its own; a view that does not render holds back only
 * itself; a permission answered in one view leaves both; the tab strip marks editor tabs.
 */
import { test, after, afterEach } from "node:test";
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { EditorPlacements } from "../../src/acp/sessions/editorPlacements";
import type { SessionManager } from "../../src/acp/sessions/sessionManager";
import { SessionView, type ViewTarget } from "../../src/acp/sessions/sessionView";
import type { PanelAction } from "../../src/shared/wire/panelState";
import type { HostMessage } from "../../src/shared/wire/protocol";
import { ReplicaStore } from "../../webview/host/store";
import { fakeAgent, tempStatePath } from "../support/fakeAgentLaunch";
import { assistantText } from "../support/threadReaders";
import { disposeManagers, memoryManager } from "../support/memoryManager";
import { waitFor } from "../support/waitFor";
import { scratchDir } from "../support/scratchDir";

const FLUSH_MS = 5;
/** No test waits for an ack timeout: on a loaded machine a short one would fire mid-test. */
const PATIENT_MS = 60_000;

const disposers: Array<() => void> = [];
afterEach(() => disposers.splice(0).forEach((dispose) => dispose()));
after(disposeManagers);

function manager(): SessionManager {
  const agent = fakeAgent("Fake", { FAKE_AGENT_STATE: tempStatePath() });
  return memoryManager([agent.launch], { startsAt: "2026-11-30T10:00:00Z" }).m;
}

/** A SessionView wired to a webview replica; frames run by themselves unless `manualFrames`. */
function wiredView(
  m: SessionManager,
  placements: EditorPlacements,
  target: ViewTarget,
  manualFrames = false,
  keepTab = false,
) {
  const frames: Array<() => void> = [];
  const posted: HostMessage[] = [];
  const replica = new ReplicaStore(
    (message) => {
      if (message.type === "state/ack") view.acknowledge(message.seq, message.history);
      if (message.type === "state/resync") view.resync();
    },
    (callback) => (manualFrames ? void frames.push(callback) : void setImmediate(callback)),
  );
  const view: SessionView = new SessionView({
    manager: m,
    placements,
    target,
    keepTab,
    flushMs: FLUSH_MS,
    ackTimeoutMs: PATIENT_MS,
    post: (message) => {
      posted.push(message);
      if (message.type === "state/snapshot" || message.type === "state/actions") replica.receive(message);
    },
  });
  disposers.push(() => view.dispose());
  replica.start();
  view.resync();
  const frame = () => frames.splice(0).forEach((callback) => callback());
  const batches = () => posted.filter((message) => message.type === "state/actions").length;
  const lastTabs = () => lastOf(posted, "tabs/state");
  return { view, replica, posted, frame, batches, lastTabs };
}

function lastOf<K extends HostMessage["type"]>(
  posted: readonly HostMessage[],
  type: K,
): Extract<HostMessage, { type: K }> | undefined {
  return posted.filter((message): message is Extract<HostMessage, { type: K }> => message.type === type).at(-1);
}

const chunk = (n: number): PanelAction => ({
  type: "acp/update",
  entryId: "reply",
  update: { sessionUpdate: "agent_message_chunk", content: { type: "text", text: `part ${n} ` } },
});
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test("an editor view follows its own tab while the panel follows the active one; both end identical", async () => {
  const m = manager();
  const placements = new EditorPlacements();
  const first = await m.newTab("Fake");
  const firstKey = m.activeTabKey!;
  const panel = wiredView(m, placements, { kind: "active" });
  const editor = wiredView(m, placements, { kind: "tab", key: firstKey });
  placements.show(firstKey);
  await m.newTab("Fake");
  assert.notEqual(m.activeTabKey, firstKey, "the panel shows the second tab");

  await editor.view.session!.prompt("hello from the editor");
  assert.equal(editor.view.session, first, "the editor's messages go to its own tab");
  await waitFor(
    () => assistantText(editor.replica.getSnapshot().thread),
    (text) => /demo agent/i.test(text),
    "the reply in the editor view",
  );
  assert.equal(assistantText(panel.replica.getSnapshot().thread), "", "the panel shows the other tab");

  m.activate(firstKey);
  for (const [view, what] of [
    [panel, "the panel on the same session"],
    [editor, "the editor caught up with the turn's end"],
  ] as const)
    await waitFor(
      () => view.replica.getSnapshot(),
      (state) => JSON.stringify(state) === JSON.stringify(first.store.state),
      what,
    );
  assert.deepEqual(
    editor.replica.getSnapshot(),
    panel.replica.getSnapshot(),
    "one session, the same state in both views",
  );
  assert.deepEqual(
    panel.lastTabs()?.tabs.map((tab) => tab.inEditor ?? false),
    [true, false],
    "the panel marks the editor's tab",
  );
  assert.deepEqual(
    editor.lastTabs()?.tabs.map((tab) => tab.key),
    [firstKey],
    "the editor's strip holds its own tab only",
  );
  const said = lastOf(editor.posted, "editor/session");
  assert.deepEqual(
    said,
    { type: "editor/session", agent: "Fake", sessionId: first.sessionId },
    "the editor webview is told its session, for the reload serializer",
  );
});

test("a view that does not render holds back only itself, and catches up when it does", async () => {
  const m = manager();
  const placements = new EditorPlacements();
  const session = await m.newTab(undefined, false);
  const key = m.activeTabKey!;
  const panel = wiredView(m, placements, { kind: "active" });
  const editor = wiredView(m, placements, { kind: "tab", key }, true);
  editor.frame(); // renders the snapshot; from now on it renders nothing until told

  for (let n = 0; n < 3; n++) {
    session.store.dispatch(chunk(n));
    await wait(FLUSH_MS * 4);
  }
  for (let n = 3; n < 200; n++) session.store.dispatch(chunk(n));
  await waitFor(
    () => panel.replica.getSnapshot(),
    (state) => state === session.store.state || JSON.stringify(state) === JSON.stringify(session.store.state),
    "the panel to keep up",
  );
  assert.equal(editor.batches(), 2, "the silent view got two batches in flight, no more");

  editor.frame();
  await waitFor(
    () => editor.batches(),
    (count) => count === 3,
    "its ack to release what piled up, as one batch",
  );
  editor.frame();
  assert.deepEqual(editor.replica.getSnapshot(), session.store.state, "the editor view caught up");
  assert.deepEqual(panel.replica.getSnapshot(), session.store.state);
});

test("a permission answered in the editor view leaves the panel as well", async () => {
  const m = manager();
  const placements = new EditorPlacements();
  const signal = join(scratchDir("acp-views-"), "go");
  writeFileSync(signal, "");
  await m.newTab("Fake");
  const key = m.activeTabKey!;
  const panel = wiredView(m, placements, { kind: "active" });
  const editor = wiredView(m, placements, { kind: "tab", key });
  const turn = editor.view.session!.prompt(`follow-ask ${signal}`);
  const pending = await waitFor(
    () => panel.replica.getSnapshot().thread.permissions,
    (permissions) => permissions.length === 1,
    "the request in the panel",
  );
  await waitFor(
    () => editor.replica.getSnapshot().thread.permissions.length,
    (count) => count === 1,
    "the request in the editor",
  );

  editor.view.session!.answerPermission(pending[0]!.requestId, "publish");
  await waitFor(
    () => panel.replica.getSnapshot().thread.permissions.length,
    (count) => count === 0,
    "the request gone from the panel",
  );
  assert.equal(editor.replica.getSnapshot().thread.permissions.length, 0, "and from the editor");
  await turn;
  await waitFor(
    () => assistantText(panel.replica.getSnapshot().thread),
    (text) => text.includes("Follow permission: publish."),
    "the agent's answer in the panel",
  );
});

test("closing the tab tells its editor view, and the marker follows the editor tabs", async () => {
  const m = manager();
  const placements = new EditorPlacements();
  await m.newTab(undefined, false);
  const key = m.activeTabKey!;
  const panel = wiredView(m, placements, { kind: "active" });
  const editor = wiredView(m, placements, { kind: "tab", key });
  const inEditor = () => panel.lastTabs()?.tabs[0]?.inEditor ?? false;
  const one = placements.show(key);
  const two = placements.show(key);
  assert.equal(inEditor(), true);
  one.dispose();
  assert.equal(inEditor(), true, "still in the second editor tab");
  two.dispose();
  assert.equal(inEditor(), false);

  let lost = 0;
  editor.view.onDidLoseTab(() => lost++);
  await m.closeTab(key);
  assert.equal(lost, 1, "the editor view lost its tab");
  assert.equal(editor.view.session, undefined);
});

// Issue 27: closing the last tab left its transcript on screen with a "ready" composer whose Send
// did nothing: no tab was left, so no snapshot reached the view and Send had no session.
test("closing the panel's last tab leaves a new session on the default agent, and Send reaches it", async () => {
  const m = manager();
  const placements = new EditorPlacements();
  const only = await m.newTab("Fake");
  const panel = wiredView(m, placements, { kind: "active" }, false, true);
  await only.prompt("hello before closing");
  await waitFor(
    () => assistantText(panel.replica.getSnapshot().thread),
    (text) => /demo agent/i.test(text),
    "the reply shown",
  );
  await m.closeTab(m.activeTabKey!);
  const fresh = await waitFor(
    () => panel.replica.getSnapshot(),
    (state) => state.thread.entries.length === 0 && state.connection.status === "ready",
    "a new session in the view, its agent ready",
  );
  assert.equal(fresh.connection.status === "ready" && fresh.connection.agent, "Fake", "the default agent");
  assert.equal(m.summaries().length, 1, "one new tab");
  assert.notEqual(panel.view.session, only, "Send goes to the new tab");
  await panel.view.session!.prompt("hello after closing");
  await waitFor(
    () => panel.replica.getSnapshot().thread,
    (thread) =>
      thread.entries.some((e) => e.kind === "user" && e.text === "hello after closing") &&
      /demo agent/i.test(assistantText(thread)),
    "the new session answers",
  );
});

test("a webview ready before any tab exists gets the first tab's snapshot once it opens (a second window)", async () => {
  // A second window's panel: its webview says ready while the host still waits to claim tabs
  // (windowTabs.ts), so nothing is bound yet. The tab opened afterwards must still reach it.
  const m = manager();
  const panel = wiredView(m, new EditorPlacements(), { kind: "active" });
  assert.equal(panel.posted.filter((message) => message.type === "state/snapshot").length, 0, "no tab: no snapshot");
  await m.newTab("Fake");
  const state = await waitFor(
    () => panel.replica.getSnapshot(),
    (snapshot) => snapshot.connection.status === "ready",
    "the first tab's agent ready in the view",
  );
  assert.equal(state.connection.status === "ready" && state.connection.agent, "Fake");
});
