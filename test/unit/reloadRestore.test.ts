/**
 * After a window reload, with an agent that cannot reopen sessions (the default fake agent has
 * no `loadSession` and no `session/resume`): the tab shows the transcript kept locally, says so
 * in plain words, and the next message is answered in a new session, with no error.
 */
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { SessionIndex } from "../../src/acp/sessions/sessionIndex";
import { memorySessionStorage } from "../support/memorySessionStorage";
import { TranscriptStore } from "../../src/acp/journal/transcriptStore";
import { memoryTranscriptStorage } from "../support/memoryTranscriptStorage";
import type { ChatSession } from "../../src/acp/sessions/chatSession";
import { fakeAgent, fakeAgentProcess } from "../support/fakeAgentLaunch";
import { steppingClock } from "../support/memoryPorts";
import { disposeManagers, memoryManager } from "../support/memoryManager";
import { Cleanup, ThreadRecorder, connect, contextFor } from "../support/hostHarness";
import { assistantText, entriesOf, waitForStatus } from "../support/threadReaders";
import { SessionController } from "../../src/acp/client/session/sessionController";
import { describeRequestError } from "../../src/acp/client/connection/agentErrors";

const cleanup = new Cleanup();
after(async () => {
  await disposeManagers();
  await cleanup.run();
});

const agent = fakeAgent("Demo");
/** Offers session/load, but every load fails as gemini-cli's does (Q15). */
const failingLoad = fakeAgent("Gemini", { FAKE_AGENT_PROFILE: "quirks", FAKE_AGENT_LOAD_ERROR: "gemini" });

/** One window: a manager over storage that outlives it (workspace state). */
/** `demo`: the Demo agent's launch (a process where the test crashes it). */
function windowWith(
  storage: ReturnType<typeof memoryTranscriptStorage>,
  sessions = memorySessionStorage(),
  demo = agent.launch,
) {
  const clock = steppingClock(Date.parse("2026-11-30T10:00:00Z"));
  return memoryManager([demo, failingLoad.launch], {
    deps: { clock },
    index: new SessionIndex(sessions),
    transcripts: new TranscriptStore(storage, clock),
  }).m;
}

function userTexts(tab: ChatSession): string[] {
  return entriesOf(tab.store.state.thread, "user").map((entry) => entry.text);
}

function notices(tab: ChatSession): string[] {
  return entriesOf(tab.store.state.thread, "notice").map((entry) => entry.title);
}

test("after a reload the tab shows its kept transcript, and the next message starts a new session without an error", async () => {
  const storage = memoryTranscriptStorage();
  const sessions = memorySessionStorage();
  const before = windowWith(storage, sessions);
  const tab = await before.newTab("Demo");
  await tab.prompt("hello before the reload");
  const oldId = tab.sessionId!;
  const answer = assistantText(tab.store.state.thread);
  assert.ok(answer.length > 0);
  const written = new TranscriptStore(storage, steppingClock()).get("Demo", oldId);
  const writtenAnswer = written?.entries
    .flatMap((entry) =>
      entry.kind === "assistant" ? entry.chunks.filter((c) => c.kind === "message").map((c) => c.text) : [],
    )
    .join("");
  assert.equal(writtenAnswer, answer, "the whole turn was written when it ended, not only at shutdown");
  await before.dispose();

  const after = windowWith(storage, sessions);
  const restored = await after.openSession("Demo", oldId);
  const { connection } = restored.store.state;
  assert.equal(connection.status, "ready", JSON.stringify(connection));
  assert.deepEqual(entriesOf(restored.store.state.thread, "error"), [], "no error card");
  assert.deepEqual(userTexts(restored), ["hello before the reload"]);
  assert.equal(assistantText(restored.store.state.thread), answer);
  assert.ok(
    notices(restored).some((title) => /can't reopen past sessions; your next message starts a new one/.test(title)),
    notices(restored).join(" | "),
  );
  assert.ok(!notices(restored).join(" ").includes("session/load"), "no protocol method names in the main text");

  await restored.prompt("hello after the reload");
  assert.notEqual(restored.sessionId, oldId, "answered in a new session");
  assert.deepEqual(userTexts(restored), ["hello before the reload", "hello after the reload"]);
  assert.equal(restored.store.state.thread.turn.phase, "idle");
  assert.deepEqual(entriesOf(restored.store.state.thread, "error"), []);

  // The session list: the new session takes the old one's place; opening the old id shows its tab.
  const listed = await after.listSessions();
  assert.deepEqual(
    listed.map((item) => [item.sessionId, item.title]),
    [[restored.sessionId, "hello before the reload"]],
  );
  assert.equal(await after.openSession("Demo", oldId), restored);
  assert.equal(after.summaries().length, 1);
});

test("a listed session the agent cannot load, with no local copy, opens ready to send and says why, without an error card", async () => {
  const m = windowWith(memoryTranscriptStorage());
  const tab = await m.openSession("Demo", "unknown-session");
  assert.equal(tab.store.state.connection.status, "ready");
  assert.deepEqual(entriesOf(tab.store.state.thread, "error"), []);
  assert.ok(
    notices(tab).some((title) => /can't reopen past sessions, and ACP Panel has no copy of this one/.test(title)),
    notices(tab).join(" | "),
  );
});

test("corrupt stored transcripts do not stop a tab from opening", async () => {
  const m = windowWith(
    memoryTranscriptStorage([{ agent: "Demo", sessionId: "s", savedAt: "yesterday", entries: "lots" }, 42]),
  );
  const tab = await m.openSession("Demo", "s");
  assert.equal(tab.store.state.connection.status, "ready");
  assert.deepEqual(entriesOf(tab.store.state.thread, "error"), []);
});

test("a closed tab's session, opened from the session list, shows its kept transcript", async () => {
  const m = windowWith(memoryTranscriptStorage());
  const tab = await m.newTab("Demo");
  await tab.prompt("hello, then close");
  const id = tab.sessionId!;
  await m.closeTab(m.summaries()[0]!.key);
  const listed = await m.listSessions();
  assert.ok(listed.some((item) => item.sessionId === id && item.status === "closed"));
  const reopened = await m.openSession("Demo", id);
  assert.deepEqual(userTexts(reopened), ["hello, then close"]);
  assert.deepEqual(entriesOf(reopened.store.state.thread, "error"), []);
});

test("crash, then Restart, with an agent that can't reopen sessions: the transcript stays above and the note says so without method names", async () => {
  const m = windowWith(memoryTranscriptStorage(), undefined, fakeAgentProcess("Demo").launch);
  const tab = await m.newTab("Demo");
  await tab.prompt("hello before the crash");
  await tab.prompt("crash");
  await waitForStatus(tab, "failed", "the crash");
  await tab.restart();
  assert.equal(tab.store.state.connection.status, "ready");
  assert.deepEqual(userTexts(tab), ["hello before the crash", "crash"]);
  const last = notices(tab).at(-1) ?? "";
  assert.match(
    last,
    /Demo can't reopen past sessions; your next message starts a new one\. The transcript above is from the earlier session\./,
  );
  assert.ok(!notices(tab).join(" ").includes("session/"), notices(tab).join(" | "));
  await tab.prompt("hello after the restart");
  assert.equal(tab.store.state.thread.turn.phase, "idle");
  assert.deepEqual(userTexts(tab).at(-1), "hello after the restart");
});

test("an agent whose load fails: the kept transcript is shown and a new session continues; with no copy the failure stays", async () => {
  const storage = memoryTranscriptStorage();
  const before = windowWith(storage);
  const tab = await before.newTab("Gemini");
  await tab.prompt("hello before the failed load");
  const oldId = tab.sessionId!;
  await before.dispose();

  const after = windowWith(storage);
  const restored = await after.openSession("Gemini", oldId);
  assert.equal(restored.store.state.connection.status, "ready");
  assert.deepEqual(userTexts(restored), ["hello before the failed load"]);
  assert.deepEqual(entriesOf(restored.store.state.thread, "error"), []);
  assert.match(
    notices(restored).at(-1) ?? "",
    /^Could not reopen this session \(.*No previous sessions found.*\); your next message starts a new one\. The transcript above is from the earlier session\.$/,
  );
  assert.ok(
    failingLoad.received().some((message) => message.method === "session/load"),
    "the agent's own load was tried first",
  );

  const unknown = await after.openSession("Gemini", "never-seen");
  assert.equal(unknown.store.state.connection.status, "failed", "no kept copy: the load's error is shown as before");
});

test("deleting a session forgets its kept transcript", async () => {
  const storage = memoryTranscriptStorage();
  const m = windowWith(storage);
  const tab = await m.newTab("Demo");
  await tab.prompt("hello, then delete");
  const id = tab.sessionId!;
  assert.match(JSON.stringify(storage.value), /hello, then delete/);
  await m.deleteSession("Demo", id);
  assert.doesNotMatch(JSON.stringify(storage.value), /hello, then delete/);
  const reopened = await m.openSession("Demo", id);
  assert.deepEqual(userTexts(reopened), []);
  assert.match(notices(reopened).at(-1) ?? "", /has no copy of this one/);
});

test("reopening on an agent without load or resume fails in the user's words; the method names are in the details", async () => {
  const client = await connect(cleanup, agent.launch);
  const error = await SessionController.reopen(contextFor(client, new ThreadRecorder()), "some-session", true).then(
    () => undefined,
    (e: unknown) => e,
  );
  const report = describeRequestError(error);
  assert.equal(report.message, "Demo can't reopen past sessions.");
  assert.match(report.details ?? "", /session\/load.*session\/resume/);
});
