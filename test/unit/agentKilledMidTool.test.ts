/**
 * An agent killed by the OS in the middle of a tool call (issue 27, "Faults survived"), over real
 * stdio with the fake agent in Bub's profile (it can resume sessions): the tool card is marked
 * failed (not left running, and not "cancelled": nobody stopped it), the transcript is kept, and
 * Restart resumes the same session, after which the next prompt is answered.
 */
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import { fakeAgentProcess, tempStatePath } from "../support/fakeAgentLaunch";
import { Cleanup, startedChat } from "../support/hostHarness";
import { assistantText, entriesOf, toolCards } from "../support/threadReaders";
import { agentPid } from "../support/agentPids";
import { waitFor } from "../support/waitFor";

const cleanup = new Cleanup();
afterEach(() => cleanup.run());

test("the agent SIGKILLed mid-tool-call: the card fails, the transcript stays, Restart resumes", async () => {
  const agent = fakeAgentProcess("Bub", { FAKE_AGENT_PROFILE: "bub", FAKE_AGENT_STATE: tempStatePath() });
  const { chat, logger } = await startedChat(cleanup, [agent.launch]);
  const sessionId = chat.sessionId;
  await chat.prompt("basic-stream");
  const turn = chat.prompt("e2e-tool-hang");
  const card = await waitFor(
    () => toolCards(chat.store.state.thread).find((c) => c.title === "Run the long build"),
    (c) => c?.status === "in_progress",
    "the tool call in progress",
  );
  const pid = agentPid(logger);
  assert.ok(pid, "the agent's process id");
  process.kill(pid, "SIGKILL");
  await turn;
  const state = await waitFor(
    () => chat.store.state,
    (s) => s.connection.status === "failed",
    "the crash",
  );
  assert.equal(state.connection.status === "failed" && state.connection.message, "The agent was killed by SIGKILL.");
  assert.equal(state.thread.turn.phase, "idle", "no turn left running");
  const failed = toolCards(state.thread).find((c) => c.id === card!.id);
  assert.equal(failed?.status, "failed", "the card of the tool call the kill cut short is marked failed");
  assert.deepEqual(
    entriesOf(state.thread, "user").map((e) => e.text),
    ["basic-stream", "e2e-tool-hang"],
    "the transcript is kept",
  );
  assert.match(assistantText(state.thread), /Building in agent process/);

  await chat.restart();
  const after = chat.store.state;
  assert.deepEqual(after.connection, { status: "ready", agent: "Bub", sessionId });
  assert.equal(entriesOf(after.thread, "notice").at(-1)?.title, "Reconnected to Bub and resumed the session.");
  assert.equal(toolCards(after.thread).find((c) => c.id === card!.id)?.status, "failed", "still failed after it");
  await chat.prompt("basic-stream once more");
  assert.equal(chat.store.state.thread.turn.phase, "idle");
  assert.equal(entriesOf(chat.store.state.thread, "user").at(-1)?.text, "basic-stream once more");
  assert.equal(chat.store.state.connection.status, "ready");
});
