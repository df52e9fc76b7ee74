/**
 * Issue 29 §4: closing a tab whose turn is running asks first ("Stop the turn and close?"); the
 * answer decides (Cancel keeps the tab and its turn, Stop and Close stops the turn and closes), and
 * Reopen Closed Tab brings back the most recently closed tab's session the way the history list
 * opens one (session/load or resume).
 */
import { test, after } from "node:test";
import assert from "node:assert/strict";
import type { SessionManager } from "../../src/acp/sessions/sessionManager";
import { closeTabAsking, reopenClosedTab } from "../../src/acp/sessions/tabClosing";
import { fakeAgent, tempStatePath } from "../support/fakeAgentLaunch";
import { waitFor } from "../support/waitFor";
import { disposeManagers, memoryManager } from "../support/memoryManager";

after(disposeManagers);

function setup() {
  const bub = fakeAgent("Bub", { FAKE_AGENT_PROFILE: "bub", FAKE_AGENT_STATE: tempStatePath() });
  return { m: memoryManager([bub.launch]).m, bub };
}

async function runningTab(m: SessionManager) {
  const session = await m.newTab("Bub");
  const turn = session.prompt("long turn");
  await waitFor(
    () => session.isTurnRunning,
    (running) => running,
    "the turn to run",
  );
  return { session, turn, key: m.activeTabKey! };
}

test("closing a tab with a running turn asks; Cancel keeps the tab and its turn", async () => {
  const { m, bub } = setup();
  const { session, key } = await runningTab(m);
  const asked: string[] = [];
  const closed = await closeTabAsking(m, key, async (title) => {
    asked.push(title);
    return false;
  });
  assert.equal(closed, false);
  assert.equal(asked.length, 1, "asked once, with the tab's title");
  assert.ok(m.tab(key), "the tab is still open");
  assert.equal(session.isTurnRunning, true, "the turn still runs");
  assert.ok(!bub.received().some((msg) => msg.method === "session/cancel"));
  await session.cancel();
});

test("Stop and Close stops the turn (session/cancel) and closes the tab", async () => {
  const { m, bub } = setup();
  const { key, turn } = await runningTab(m);
  const closed = await closeTabAsking(m, key, async () => true);
  assert.equal(closed, true);
  assert.equal(m.tab(key), undefined, "the tab is closed");
  assert.ok(
    bub.received().some((msg) => msg.method === "session/cancel"),
    "the turn was stopped",
  );
  await turn;
});

test("an idle tab closes without asking", async () => {
  const { m } = setup();
  const session = await m.newTab("Bub");
  await session.prompt("hello");
  const key = m.activeTabKey!;
  const closed = await closeTabAsking(m, key, () => Promise.reject(new Error("must not ask")));
  assert.equal(closed, true);
  assert.equal(m.tab(key), undefined);
});

test("Reopen Closed Tab: the most recently closed tab's session first, by session/load; nothing left, nothing done", async () => {
  const { m, bub } = setup();
  const first = await m.newTab("Bub");
  await first.prompt("hello first");
  const firstId = first.sessionId!;
  const firstKey = m.activeTabKey!;
  const second = await m.newTab("Bub");
  await second.prompt("hello second");
  const secondId = second.sessionId!;
  await closeTabAsking(m, firstKey, async () => true);
  await closeTabAsking(m, m.activeTabKey!, async () => true);
  assert.equal(m.summaries().length, 0);

  const reopened = await reopenClosedTab(m);
  assert.equal(reopened?.sessionId, secondId, "the last one closed comes back first");
  assert.equal(m.active, reopened, "its tab is active");
  assert.equal(reopened.store.state.connection.status, "ready");
  const users = reopened.store.state.thread.entries.flatMap((e) => (e.kind === "user" ? [e.text] : []));
  assert.deepEqual(users, ["hello second"], "its conversation is shown");
  assert.ok(
    bub
      .received()
      .some(
        (msg) =>
          (msg.method === "session/load" || msg.method === "session/resume") &&
          (msg.params as { sessionId?: string }).sessionId === secondId,
      ),
    "reopened the way the history list opens a session",
  );
  assert.equal((await reopenClosedTab(m))?.sessionId, firstId, "then the one closed before it");
  assert.equal(await reopenClosedTab(m), undefined, "nothing left to reopen");
  assert.equal(m.summaries().length, 2);
});

test("a tab with no session yet, and a deleted session, are not offered for reopening", async () => {
  const { m } = setup();
  await m.newTab("Bub", false);
  await closeTabAsking(m, m.activeTabKey!, async () => true);
  const session = await m.newTab("Bub");
  await session.prompt("hello");
  const id = session.sessionId!;
  await closeTabAsking(m, m.activeTabKey!, async () => true);
  await m.deleteSession("Bub", id);
  assert.equal(await reopenClosedTab(m), undefined);
});
