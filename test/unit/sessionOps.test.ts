/**
 * Issue 18 §2 against the fake agent (FAKE_AGENT_SESSION_OPS): Fork Session opens a tab that
 * continues the same history, Rename goes to the agent (`session/set_title`) or stays local,
 * Archive/Unarchive go to the agent and the list carries the state; each only when advertised.
 */
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { SessionManager } from "../../src/acp/sessions/sessionManager";
import { SessionActions } from "../../src/acp/sessions/sessionActions";
import { SessionIndex } from "../../src/acp/sessions/sessionIndex";
import { memorySessionStorage } from "../support/memorySessionStorage";
import { fakeAgent, tempStatePath } from "../support/fakeAgentLaunch";
import { steppingClock } from "../support/memoryPorts";
import { hostDeps } from "../support/hostDeps";
import { assistantText } from "../support/threadReaders";
import { waitFor } from "../support/waitFor";

const managers: SessionManager[] = [];
after(() => Promise.all(managers.map((m) => m.dispose())));

function setup() {
  // Both agents share a state file between the agents they start: each tab runs its own.
  const ops = fakeAgent("Ops", {
    FAKE_AGENT_PROFILE: "bub",
    FAKE_AGENT_SESSION_OPS: "1",
    FAKE_AGENT_STATE: tempStatePath(),
  });
  const plain = fakeAgent("Plain", { FAKE_AGENT_PROFILE: "bub", FAKE_AGENT_STATE: tempStatePath() });
  const deps = hostDeps([ops.launch, plain.launch], { clock: steppingClock(Date.parse("2026-11-30T10:00:00Z")) });
  const m = new SessionManager(deps, new SessionIndex(memorySessionStorage()));
  managers.push(m);
  return { m, actions: new SessionActions(m, deps), ops, plain };
}

test("fork: a new tab continues the same history (session/fork), the source tab is untouched", async () => {
  const { m, actions, ops } = setup();
  const source = await m.newTab("Ops");
  await source.prompt("hello there");
  const sourceKey = m.activeTabKey!;
  assert.equal(actions.canFork(sourceKey), true);
  const fork = await actions.forkTab(sourceKey);
  assert.equal(m.active, fork, "the fork's tab is active");
  assert.equal(fork.store.state.connection.status, "ready");
  assert.notEqual(fork.sessionId, source.sessionId);
  const request = ops.received().find((msg) => msg.method === "session/fork");
  assert.equal(
    (request?.params as { sessionId?: string }).sessionId,
    source.sessionId,
    "session/fork names the source",
  );
  const users = (thread: typeof fork.store.state.thread) =>
    thread.entries.filter((e) => e.kind === "user").map((e) => e.kind === "user" && e.text);
  assert.deepEqual(users(fork.store.state.thread), ["hello there"], "the fork shows the source's transcript");
  assert.match(assistantText(fork.store.state.thread), /Hello|demo/i);
  await fork.prompt("and then?");
  assert.deepEqual(users(fork.store.state.thread), ["hello there", "and then?"]);
  assert.deepEqual(users(source.store.state.thread), ["hello there"], "the source is untouched");
  assert.equal(m.summaries().length, 2);
});

test("fork is not offered, and refused, when the agent does not advertise it", async () => {
  const { m, actions, plain } = setup();
  await m.newTab("Plain");
  const key = m.activeTabKey!;
  assert.equal(actions.canFork(key), false);
  await assert.rejects(actions.forkTab(key), /can't be forked/);
  assert.ok(!plain.received().some((msg) => msg.method === "session/fork"));
});

test("rename: session/set_title where advertised (the agent's title is shown), local otherwise; kept over the agent's list", async () => {
  const { m, actions, ops, plain } = setup();
  const withTitles = await m.newTab("Ops");
  await withTitles.prompt("hello there");
  const stored = await actions.renameTab(m.activeTabKey!, "  Login   fix  ");
  assert.equal(stored, "Login fix");
  assert.ok(
    ops
      .received()
      .some((msg) => msg.method === "session/set_title" && (msg.params as { title: string }).title === "Login fix"),
  );
  assert.equal(m.summaries().find((tab) => tab.key === m.activeTabKey)?.title, "Login fix", "the tab shows it");
  assert.equal((await m.listSessions()).find((item) => item.sessionId === withTitles.sessionId)?.title, "Login fix");

  const local = await m.newTab("Plain");
  await local.prompt("hello again");
  await actions.rename("Plain", local.sessionId!, "Kept here");
  assert.ok(!plain.received().some((msg) => msg.method === "session/set_title"), "never sent where not advertised");
  assert.equal(m.summaries().find((tab) => tab.key === m.activeTabKey)?.title, "Kept here");
  const listed = await m.listSessions();
  assert.equal(
    listed.find((item) => item.sessionId === local.sessionId)?.title,
    "Kept here",
    "the local title wins over the agent's list",
  );
  assert.equal(
    m.index.all().find((r) => r.sessionId === local.sessionId)?.title,
    "Kept here",
    "persisted in the index",
  );
  await assert.rejects(actions.rename("Plain", local.sessionId!, "   "), /can't be empty/);
  await assert.rejects(actions.rename("Plain", local.sessionId!, "\u202E\u0007"), /can't be empty/);
  assert.equal(await actions.rename("Plain", local.sessionId!, "Kept\u202E\u0000 here\u2069"), "Kept here");

  // Reopened (as after a window reload), the local title comes back on the tab.
  const localId = local.sessionId!;
  await m.closeTab(m.activeTabKey!);
  const reopened = await m.openSession("Plain", localId);
  assert.equal(reopened.store.state.connection.status, "ready");
  assert.equal(
    m.summaries().find((tab) => tab.key === m.activeTabKey)?.title,
    "Kept here",
    "the reopened tab keeps the user's title",
  );
});

test("archive and unarchive: the agent's state in the list, the tab closes; not offered where not advertised", async () => {
  const { m, actions, ops } = setup();
  const keep = await m.newTab("Ops");
  await keep.prompt("hello there");
  const archive = await m.newTab("Ops");
  await archive.prompt("hello again");
  const id = archive.sessionId!;
  assert.equal((await m.listSessions()).find((item) => item.sessionId === id)?.canArchive, true);
  await actions.setArchived("Ops", id, true);
  assert.equal(m.summaries().length, 1, "its tab closed");
  assert.ok(
    ops
      .received()
      .some((msg) => msg.method === "session/archive" && (msg.params as { sessionId: string }).sessionId === id),
  );
  const listed = await m.listSessions();
  assert.equal(listed.find((item) => item.sessionId === id)?.archived, true, "listed as archived");
  assert.equal(listed.find((item) => item.sessionId === keep.sessionId)?.archived, false);
  const list = ops
    .received()
    .filter((msg) => msg.method === "session/list")
    .at(-1);
  assert.equal((list?.params as { archived?: string }).archived, "include");
  await actions.setArchived("Ops", id, false);
  assert.equal((await m.listSessions()).find((item) => item.sessionId === id)?.archived, false);

  await m.newTab("Plain");
  assert.equal((await m.listSessions()).find((item) => item.agent === "Plain")?.canArchive, undefined);
  await assert.rejects(actions.setArchived("Plain", m.active!.sessionId!, true), /does not offer/);
});

test("session/status in the list and auth/status on the tab, only where advertised", async () => {
  const { m, ops, plain } = setup();
  const live = await m.newTab("Ops");
  await live.prompt("hello there");
  const tabKey = m.activeTabKey!;
  await waitFor(
    () => m.summaries().find((tab) => tab.key === tabKey)?.auth,
    (auth) => auth === "authenticated",
    "auth/status on the tab",
  );
  const listed = await m.listSessions();
  assert.equal(listed.find((item) => item.sessionId === live.sessionId)?.agentStatus, "open");
  assert.ok(ops.received().some((msg) => msg.method === "session/status"));
  assert.ok(ops.received().some((msg) => msg.method === "auth/status"));

  await m.newTab("Plain");
  const plainKey = m.activeTabKey!;
  assert.equal((await m.listSessions()).find((item) => item.agent === "Plain")?.agentStatus, undefined);
  assert.equal(m.summaries().find((tab) => tab.key === plainKey)?.auth, undefined);
  assert.ok(
    !plain.received().some((msg) => msg.method === "session/status" || msg.method === "auth/status"),
    "never sent where not advertised",
  );
});
