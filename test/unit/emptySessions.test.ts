/** Issue 29 §4: a session nobody wrote in ("New session, then pick another agent") never stays in the history. */
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { fakeAgent, tempStatePath } from "../support/fakeAgentLaunch";
import { disposeManagers, memoryManager } from "../support/memoryManager";

after(disposeManagers);

function manager() {
  const a = fakeAgent("Fake A", { FAKE_AGENT_STATE: tempStatePath() });
  // Bub answers session/list, and lists its sessions whether or not anything was said in them.
  const b = fakeAgent("Fake B", { FAKE_AGENT_PROFILE: "bub", FAKE_AGENT_STATE: tempStatePath() });
  return memoryManager([a.launch, b.launch], { startsAt: "2026-11-29T10:00:00Z" });
}

test("new session, then another agent: the empty session is neither indexed nor listed, used ones are", async () => {
  const { m, index } = manager();
  const used = await m.newTab("Fake B");
  await used.prompt("hello there");
  const tab = await m.newTab("Fake B");
  const empty = tab.sessionId!;
  assert.ok(empty, "the tab had a session on Fake B");
  await tab.start("Fake A");
  assert.notEqual(tab.sessionId, empty);

  const listed = await m.listSessions();
  const ids = listed.map((item) => item.sessionId);
  assert.ok(ids.includes(used.sessionId!), "a session with a message is listed");
  assert.ok(!ids.includes(empty), `the empty session is not listed: ${JSON.stringify(listed)}`);
  assert.ok(!ids.includes(tab.sessionId!), "the tab's new, still empty session is not in the history either");
  assert.ok(!index.all().some((record) => record.sessionId === empty), "nor written to the local index");

  await tab.prompt("now I say something");
  assert.ok(
    (await m.listSessions()).some((item) => item.sessionId === tab.sessionId),
    "once used, it is listed",
  );
  assert.ok(index.all().some((record) => record.sessionId === tab.sessionId));
});
