/**
 * Catalogue group F: bad bytes on the wire, odd messages, very large and very many messages, lost
 * connections, crashes, and agents running side by side. What concerns the bytes on the pipe or
 * the process runs a real one (fakeAgentProcess); odd but well-framed messages run in memory.
 */
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import { fakeAgent, fakeAgentProcess, tempStatePath } from "../support/fakeAgentLaunch";
import { Cleanup, startedChat } from "../support/hostHarness";
import { assistantText, entriesOf, waitForReply, kindsOf } from "../support/threadReaders";
import { agentPid, waitForExit } from "../support/agentPids";
import { waitFor } from "../support/waitFor";
import { threadToMarkdown } from "../../src/shared/thread/threadMarkdown";

const cleanup = new Cleanup();
afterEach(() => cleanup.run());

async function started(env: Record<string, string> = {}, name = "Fake", launch = fakeAgentProcess) {
  const agent = launch(name, env);
  const { chat, logger } = await startedChat(cleanup, [agent.launch]);
  assert.equal(chat.store.state.connection.status, "ready");
  return { agent, chat, logger };
}

const failure = (chat: Awaited<ReturnType<typeof started>>["chat"]) => {
  const { connection } = chat.store.state;
  return connection.status === "failed" ? connection : undefined;
};

test("garbage lines get JSON-RPC errors back, and the session carries on", async () => {
  const { agent, chat } = await started();
  await chat.prompt("garbage");
  assert.equal(
    assistantText(chat.store.state.thread),
    "before garbage. after garbage.",
    "the batch is refused, not applied",
  );
  // The agent logs the client's error replies as it reads them: wait for all three (a loaded machine is slow).
  const errors = await waitFor(
    () =>
      agent
        .received()
        .filter((m) => m.error !== undefined)
        .map((m) => [m.id, (m.error as { code: number }).code]),
    (found) => found.length >= 3,
    "the three error replies",
  );
  assert.deepEqual(errors, [
    [null, -32700],
    [null, -32600],
    [null, -32600],
  ]);
  await chat.prompt("late-text");
  assert.deepEqual(chat.store.state.thread.turn, { phase: "idle", lastStop: "end_turn" });
  assert.equal(chat.store.state.connection.status, "ready");
});

test("an unknown update variant and vendor notifications are ignored but logged", async () => {
  const { chat, logger } = await started({}, "Fake", fakeAgent);
  await chat.prompt("unknown-update");
  const { thread } = chat.store.state;
  assert.deepEqual(kindsOf(thread), ["user", "assistant"]);
  assert.equal(assistantText(thread), "visible text");
  const logged = (pattern: RegExp) => logger.lines.some((line) => pattern.test(line));
  // A variant is checked after the event loop turn that brought it (off the streaming path).
  await waitFor(
    () => logged(/^info Fake: session\/update "tool_call_pending" is not shown/),
    (found) => found,
    "the second unknown variant logged",
  );
  assert.ok(logged(/^info Fake: session\/update "_sparkle_update" is not shown/), logger.lines.join("\n"));
  assert.ok(logged(/^info Fake: _x\/y \{"sessionId":".*","hello":"world"\}/));
  assert.ok(logged(/^info Fake: _x\/z \(no session\) ignored/));
});

test("a 10 MiB line is accepted", async () => {
  const { chat } = await started();
  await chat.prompt("huge-line");
  const text = assistantText(chat.store.state.thread);
  assert.equal(text.length, 10 * 1024 * 1024);
  assert.deepEqual(chat.store.state.thread.turn, { phase: "idle", lastStop: "end_turn" });
});

test("a flood of 5,000 chunks arrives complete and in order", async () => {
  const { chat } = await started();
  await chat.prompt("flood");
  const { thread } = chat.store.state;
  assert.equal(entriesOf(thread, "assistant").length, 1);
  assert.equal(assistantText(thread), "0123456789".repeat(500));
});

test("responses to ids the client never used are ignored", async () => {
  const { chat } = await started({}, "Fake", fakeAgent);
  await chat.prompt("unknown-response");
  assert.equal(assistantText(chat.store.state.thread), "still here");
  await chat.prompt("late-text");
  assert.deepEqual(chat.store.state.thread.turn, { phase: "idle", lastStop: "end_turn" });
});

test("a line over 32 MiB closes the connection with a message that says so", async () => {
  const { chat, logger } = await started();
  await chat.prompt("oversize-line");
  const failed = await waitFor(() => failure(chat), Boolean, "the connection failure");
  assert.equal(failed?.message, "The agent sent a message larger than the 32 MiB limit, so the connection was closed.");
  assert.match(failed?.details ?? "", /exceeds the configured 33554432 byte limit/);
  assert.deepEqual(chat.store.state.thread.turn, { phase: "idle", lastStop: "error" });
  const pid = agentPid(logger)!;
  await waitForExit(pid, "the agent process to be gone", 8000);
});

test("stdout closing mid-turn ends the turn with a clear error, keeps the streamed text, and stops the process", async () => {
  const { chat, logger } = await started();
  await chat.prompt("close-stdout");
  const failed = await waitFor(() => failure(chat), Boolean, "the connection failure");
  assert.equal(failed?.message, "The agent closed its connection but did not exit; it was stopped.");
  const { thread } = chat.store.state;
  assert.equal(assistantText(thread), "Working before stdout closes. ");
  assert.equal(thread.turn.phase, "idle");
  assert.equal(entriesOf(thread, "error").at(-1)?.message, failed?.message);
  const pid = agentPid(logger)!;
  await waitForExit(pid, "the agent process to be stopped", 8000);
});

test("two agents at once: updates never cross, and one crashing leaves the other running", async () => {
  const one = await started({}, "One");
  const two = await started({}, "Two");
  await Promise.all([one.chat.prompt("serialised-sessions X"), two.chat.prompt("serialised-sessions Y")]);
  assert.equal(assistantText(one.chat.store.state.thread), "[X:1][X:2][X:3][X:4][X:5]");
  assert.equal(assistantText(two.chat.store.state.thread), "[Y:1][Y:2][Y:3][Y:4][Y:5]");

  const long = two.chat.prompt("long");
  await waitForReply(two.chat, (text) => text.includes("step 1"), "the second agent working");
  await one.chat.prompt("crash");
  await waitFor(() => failure(one.chat), Boolean, "the first agent's crash");
  await waitForReply(two.chat, (text) => text.includes("step 3"), "the second agent still streaming");
  assert.equal(two.chat.store.state.connection.status, "ready");
  assert.equal(two.chat.store.state.thread.turn.phase, "running");
  await two.chat.cancel();
  await long;
  assert.deepEqual(two.chat.store.state.thread.turn, { phase: "idle", lastStop: "cancelled" });
  assert.doesNotMatch(assistantText(two.chat.store.state.thread), /Starting work/);
});

test("crash mid-turn, then restart: Bub resumes the same session and the transcript stays", async () => {
  const agent = fakeAgentProcess("Bub", { FAKE_AGENT_PROFILE: "bub", FAKE_AGENT_STATE: tempStatePath() });
  const { chat } = await startedChat(cleanup, [agent.launch]);
  const sessionId = chat.sessionId;
  await chat.prompt("basic-stream");
  await chat.prompt("crash");
  await waitFor(() => failure(chat), Boolean, "the crash");
  await chat.restart();
  const { connection, thread } = chat.store.state;
  assert.deepEqual(connection, { status: "ready", agent: "Bub", sessionId });
  assert.deepEqual(
    entriesOf(thread, "user").map((e) => e.text),
    ["basic-stream", "crash"],
  );
  assert.equal(entriesOf(thread, "notice").at(-1)?.title, "Reconnected to Bub and resumed the session.");
  const methods = agent
    .received()
    .map((m) => m.method)
    .filter(Boolean);
  assert.deepEqual(methods.slice(methods.lastIndexOf("initialize")), ["initialize", "session/resume"]);
  assert.equal(
    (agent.received().find((m) => m.method === "session/resume")?.params as { sessionId: string }).sessionId,
    sessionId,
  );
  await chat.prompt("late-text");
  assert.deepEqual(chat.store.state.thread.turn, { phase: "idle", lastStop: "end_turn" });
});

test("crash mid-turn, then restart without resume: the new process replays the history with session/load", async () => {
  const agent = fakeAgentProcess("BubWeb", { FAKE_AGENT_PROFILE: "bub-web", FAKE_AGENT_STATE: tempStatePath() });
  const { chat } = await startedChat(cleanup, [agent.launch]);
  await chat.prompt("basic-stream");
  await chat.prompt("crash");
  await waitFor(() => failure(chat), Boolean, "the crash");
  await chat.restart();
  const { thread } = chat.store.state;
  // The replay replaces the transcript; the crash report is stated again after it, then the notice.
  assert.deepEqual(
    kindsOf(thread),
    ["user", "assistant", "user", "assistant", "error", "notice"],
    "reset, then replayed",
  );
  const restated = thread.entries[4];
  assert.match(restated?.kind === "error" ? restated.message : "", /restarted and the conversation reloaded/);
  assert.deepEqual(
    entriesOf(thread, "user").map((e) => e.text),
    ["basic-stream", "crash"],
  );
  assert.equal(assistantText(thread), "Hello from **basic-stream**.Starting work… ");
  assert.equal(entriesOf(thread, "notice")[0]?.title, "Reconnected to BubWeb and reloaded the session.");
  const methods = agent
    .received()
    .map((m) => m.method)
    .filter(Boolean);
  assert.deepEqual(methods.slice(methods.lastIndexOf("initialize")), ["initialize", "session/load"]);
});

test("a tool call nested 20,000 levels deep is shown, capped, and the thread still serialises for the webview and Markdown export", async () => {
  const { chat } = await started({}, "Fake", fakeAgent);
  await chat.prompt("deep-tool-call");
  const { thread } = chat.store.state;
  assert.equal(assistantText(thread), "deep card shown");
  const card = entriesOf(thread, "tool_call").find((entry) => entry.toolCallId === "deep-1");
  assert.equal(card?.status, "completed");
  // The webview gets the thread through JSON (postMessage); export renders it as Markdown.
  const json = JSON.stringify(chat.store.state);
  assert.match(json, /nested too deep/);
  assert.match(threadToMarkdown(thread), /Deep input/);
});

test("messages nested 20,000 levels deep don't close the connection through the logs", async () => {
  const { chat, logger } = await started({}, "Fake", fakeAgent);
  await chat.prompt("deep-nesting");
  assert.equal(chat.store.state.connection.status, "ready", JSON.stringify(failure(chat)));
  assert.equal(assistantText(chat.store.state.thread), "deep still connected");
  assert.ok(
    logger.trafficLog.some((line) => line.text.includes('"[nested too deep]"')),
    "the traffic log shows the deep messages, capped",
  );
  assert.doesNotThrow(() => JSON.stringify(chat.store.state), "the state the webview is sent still serialises");
  await chat.prompt("late-text");
  assert.deepEqual(chat.store.state.thread.turn, { phase: "idle", lastStop: "end_turn" });
  assert.match(assistantText(chat.store.state.thread), /The complete answer, sent at the end\.$/);
});
