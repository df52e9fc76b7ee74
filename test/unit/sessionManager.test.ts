/** Tabs: isolated sessions on two agents, the merged session list, delete on the agent's side, restore records. */
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { fakeAgent, tempStatePath } from "../support/fakeAgentLaunch";
import { disposeManagers, memoryManager } from "../support/memoryManager";
import { assistantText } from "../support/threadReaders";
import { waitFor } from "../support/waitFor";

after(disposeManagers);

function manager() {
  const a = fakeAgent("Fake A", { FAKE_AGENT_STATE: tempStatePath() });
  const b = fakeAgent("Fake B", { FAKE_AGENT_PROFILE: "bub", FAKE_AGENT_STATE: tempStatePath() });
  return { m: memoryManager([a.launch, b.launch], { startsAt: "2026-11-29T10:00:00Z" }).m, a, b };
}

test("two tabs on two agents stay isolated; switching never interrupts a running turn", async () => {
  const { m } = manager();
  const first = await m.newTab("Fake A");
  const second = await m.newTab("Fake B");
  assert.equal(m.active, second);
  const running = first.prompt("long turn");
  await waitFor(
    () => assistantText(first.store.state.thread),
    (t) => t.includes("step 2"),
    "streaming in tab 1",
  );
  m.activate(m.summaries()[0]!.key);
  await second.prompt("hello");
  assert.match(assistantText(second.store.state.thread), /demo agent|Hello/i);
  assert.doesNotMatch(assistantText(second.store.state.thread), /Working, step/);
  assert.equal(first.store.state.thread.turn.phase, "running", "tab 1 still streams");
  assert.deepEqual(
    m.summaries().map((s) => s.status),
    ["running", "idle"],
  );
  await first.cancel();
  await running;
});

test("the session list merges session/list with the local index; delete removes it on the agent's side", async () => {
  const { m, b } = manager();
  const one = await m.newTab("Fake B");
  await one.prompt("hello there");
  const keep = await m.newTab("Fake B");
  await keep.prompt("hello again");
  const listed = await m.listSessions();
  const ids = listed.map((item) => item.sessionId);
  assert.ok(ids.includes(one.sessionId!) && ids.includes(keep.sessionId!), JSON.stringify(listed));
  assert.ok(listed.every((item) => item.agent === "Fake B"));
  const deleted = one.sessionId!;
  await m.deleteSession("Fake B", deleted);
  assert.equal(m.summaries().length, 1, "its tab closed");
  assert.ok(!(await m.listSessions()).some((item) => item.sessionId === deleted));
  assert.ok(
    b
      .received()
      .some((msg) => msg.method === "session/delete" && (msg.params as { sessionId: string }).sessionId === deleted),
    "session/delete reached the agent",
  );
});

test("open tabs are recorded with their queue, and reopening loads the history", async () => {
  const { m } = manager();
  const tab = await m.newTab("Fake B");
  await tab.prompt("hello history");
  const record = m.openTabs();
  assert.deepEqual(record.tabs, [{ agent: "Fake B", sessionId: tab.sessionId }]);
  const { m: next } = manager();
  // A fresh manager (after a reload) opening the same agent's session replays it.
  const restored = await next.openSession("Fake B", tab.sessionId!).catch(() => undefined);
  assert.ok(restored);
});

test("deleting the only tab's session still reaches the agent, and so does deleting with no tab open", async () => {
  const { m, b } = manager();
  const only = await m.newTab("Fake B");
  await only.prompt("hello one");
  const first = only.sessionId!;
  await m.deleteSession("Fake B", first);
  assert.ok(
    b
      .received()
      .some((msg) => msg.method === "session/delete" && (msg.params as { sessionId: string }).sessionId === first),
    "sent before the tab's agent stopped",
  );
  const again = await m.newTab("Fake B");
  await again.prompt("hello two");
  const second = again.sessionId!;
  await m.closeTab(m.activeTabKey!);
  await m.deleteSession("Fake B", second);
  assert.ok(
    b
      .received()
      .some((msg) => msg.method === "session/delete" && (msg.params as { sessionId: string }).sessionId === second),
    "sent over a temporary connection",
  );
});

test("a new tab is already starting its agent when it becomes the active tab (no first-run view flash)", async () => {
  const { m } = manager();
  const seen: string[] = [];
  const subscription = m.onDidChange(() => {
    const status = m.active?.store.state.connection.status;
    if (status !== undefined && seen.length === 0) seen.push(status);
  });
  await m.newTab("Fake A");
  subscription.dispose();
  assert.deepEqual(seen, ["starting"], "the panel's first sight of the tab: its agent starting, not 'none'");
});
