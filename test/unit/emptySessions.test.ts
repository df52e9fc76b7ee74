/** Issue 29 §4: a session nobody wrote in ("New session, then pick another agent") never stays in the history. */
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { tmpdir } from "node:os";
import { SessionManager } from "../../src/acp/sessions/sessionManager";
import { SessionIndex } from "../../src/acp/sessions/sessionIndex";
import { memorySessionStorage } from "../support/memorySessionStorage";
import { fakeAgent, tempStatePath } from "../support/fakeAgentLaunch";
import { MemoryCatalog, MemoryLogger, fixedWorkspace, steppingClock } from "../support/memoryPorts";

const managers: SessionManager[] = [];
after(() => Promise.all(managers.map((m) => m.dispose())));

function manager() {
  const a = fakeAgent("Fake A", { FAKE_AGENT_STATE: tempStatePath() });
  // Bub answers session/list, and lists its sessions whether or not anything was said in them.
  const b = fakeAgent("Fake B", { FAKE_AGENT_PROFILE: "bub", FAKE_AGENT_STATE: tempStatePath() });
  const index = new SessionIndex(memorySessionStorage());
  const m = new SessionManager(
    {
      catalog: new MemoryCatalog([a.launch, b.launch]),
      workspace: fixedWorkspace(tmpdir()),
      logger: new MemoryLogger(),
      clock: steppingClock(Date.parse("2026-11-29T10:00:00Z")),
      restartDelaysMs: [],
    },
    index,
  );
  managers.push(m);
  return { m, index };
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
