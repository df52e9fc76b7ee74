/**
 * Auto-retry (issue 28 item 3): which errors are temporary, the backoff, and a turn retried
 * against the fake agent on a ManualClock (no real sleeps): each retry shown, at most 3, Stop ends
 * the wait, off by default.
 */
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import { transientError } from "../../src/acp/client/connection/transientErrors";
import { AutoRetry, MAX_AUTO_RETRIES, retryDelayMs } from "../../src/acp/client/session/autoRetry";
import type { ThreadAction } from "../../src/shared/thread/threadActions";
import type { NoticeEntry, Thread } from "../../src/shared/thread/thread";
import { Cleanup, chatSession, startedChat } from "../support/hostHarness";
import { assistantText, entriesOf } from "../support/threadReaders";
import { fakeAgent } from "../support/fakeAgentLaunch";
import { ManualClock } from "../support/memoryPorts";
import { waitFor } from "../support/waitFor";
import { cpuMillis } from "../support/cpuMillis";

const cleanup = new Cleanup();
afterEach(() => cleanup.run());

const rpc = (code: number, message: string, data?: unknown) => Object.assign(new Error(message), { code, data });

test("temporary: rate limits, overload, 429 and 5xx in the error's data or message", () => {
  const cases: Array<[unknown, string]> = [
    [rpc(-32603, "Internal error", { details: "429 Too Many Requests" }), "rate limited"],
    [rpc(-32603, "Internal error", { status: 429 }), "rate limited"],
    [rpc(-32603, "Rate limit exceeded, slow down"), "rate limited"],
    [rpc(-32603, "Internal error", { error: { type: "rate_limit_error", message: "…" } }), "rate limited"],
    [rpc(-32603, "Internal error", { error: { type: "overloaded_error", message: "Overloaded" } }), "overloaded"],
    [rpc(-32603, "Internal error", { response: { status: 529 } }), "overloaded"],
    [rpc(-32603, "simulated failure: the model API returned 500"), "server error"],
    [rpc(-32603, "Internal error", { details: "HTTP 503 from upstream" }), "server error"],
    [rpc(-32603, "Internal error", { statusCode: 502 }), "server error"],
    [new Error("Service Unavailable"), "overloaded"],
  ];
  for (const [error, reason] of cases) assert.equal(transientError(error)?.reason, reason, JSON.stringify(error));
});

test("final: auth, bad params, client errors, and numbers that are not statuses", () => {
  const cases: unknown[] = [
    rpc(-32000, "Authentication required", { status: 503 }),
    rpc(-32602, "Invalid params: rate limit field"),
    rpc(-32601, "Method not found"),
    rpc(-32603, "Internal error", { details: "401 invalid x-api-key", status: 401 }),
    rpc(-32603, "Internal error", { details: "turn failed" }),
    rpc(-32603, "Type error at line 500 of parser.ts"),
    "a string",
    undefined,
  ];
  for (const error of cases) assert.equal(transientError(error), undefined, JSON.stringify(error));
});

test("the agent's retryAfter is kept", () => {
  assert.equal(transientError(rpc(-32603, "rate limited", { retryAfter: 7 }))?.retryAfterMs, 7_000);
  assert.equal(transientError(rpc(-32603, "rate limited", { retryAfterMs: 1500 }))?.retryAfterMs, 1_500);
});

test("a status at a line start is found in linear time (40,000 blank lines took 20 s)", () => {
  const blank = "\n \t".repeat(40_000);
  const elapsed = cpuMillis(() => {
    assert.equal(transientError(rpc(-32603, `${blank}x`)), undefined);
    assert.equal(transientError(rpc(-32603, `${blank} \t503 Service down`))?.reason, "server error");
  });
  assert.ok(elapsed < 1000, `classifying took ${Math.round(elapsed)} ms`);
  assert.equal(transientError(rpc(-32603, "Internal error\n\n  429 Too Many Requests"))?.reason, "rate limited");
});

test("backoff: 2 s, 4 s, 8 s; at least the agent's retryAfter, at most a minute", () => {
  assert.deepEqual(
    [1, 2, 3].map((attempt) => retryDelayMs(attempt)),
    [2_000, 4_000, 8_000],
  );
  assert.equal(retryDelayMs(1, 5_000), 5_000);
  assert.equal(retryDelayMs(3, 1_000), 8_000);
  assert.equal(retryDelayMs(1, 3_600_000), 60_000);
});

test("AutoRetry waits on the clock, says so, stops after 3, and Stop ends the wait", async () => {
  const clock = new ManualClock();
  const shown: ThreadAction[] = [];
  let counter = 0;
  const retry = new AutoRetry({ clock, sink: (a) => shown.push(a), newId: () => `n${++counter}`, enabled: () => true });
  const error = rpc(-32603, "Internal error", { status: 429 });

  const first = retry.afterFailure(error, 1);
  assert.deepEqual(clock.pending(), [2_000]);
  clock.advance(1_999);
  assert.equal(retry.isWaiting, true);
  clock.advance(1);
  assert.equal(await first, true);
  assert.deepEqual(shown[0], {
    type: "turn/retrying",
    entryId: "n1",
    attempt: 1,
    of: 3,
    delayMs: 2_000,
    reason: "rate limited",
    error: "Internal error (-32603)",
  });

  const stopped = retry.afterFailure(error, 2);
  assert.deepEqual(clock.pending(), [4_000]);
  assert.equal(retry.stop(), true);
  assert.equal(await stopped, false);
  assert.deepEqual(clock.pending(), [], "the timer went with the wait");

  assert.equal(await retry.afterFailure(error, MAX_AUTO_RETRIES + 1), false, "no fourth retry");
  assert.equal(await retry.afterFailure(rpc(-32603, "bad input"), 1), false, "not temporary");
  const off = new AutoRetry({ clock, sink: (a) => shown.push(a), newId: () => "x", enabled: () => false });
  assert.equal(await off.afterFailure(error, 1), false, "off");
  assert.equal(shown.length, 2);
});

const retries = (thread: Thread) => entriesOf(thread, "notice").filter((n): n is NoticeEntry => n.retry !== undefined);

/** Moves the clock past each retry's wait as it is shown, until the turn ends. */
async function driveRetries(clock: ManualClock, chat: { store: { state: { thread: Thread } } }, count: number) {
  for (let shown = 1; shown <= count; shown++) {
    await waitFor(
      () => retries(chat.store.state.thread).length,
      (n) => n >= shown,
      `retry ${shown} shown`,
    );
    await waitFor(
      () => clock.pending(),
      (pending) => pending.includes(retryDelayMs(shown)),
      `retry ${shown} waiting`,
    );
    clock.advance(retryDelayMs(shown));
  }
}

test("with auto-retry on, a rate-limited turn is sent again until it answers; each retry is shown", async () => {
  const agent = fakeAgent();
  const clock = new ManualClock();
  const { chat } = await startedChat(cleanup, [agent.launch], { clock, autoRetry: () => true });
  const turn = chat.prompt("flaky 2");
  await driveRetries(clock, chat, 2);
  await turn;
  const thread = chat.store.state.thread;
  assert.equal(assistantText(thread), "Answered on attempt 3.");
  assert.deepEqual(thread.turn, { phase: "idle", lastStop: "end_turn" });
  assert.deepEqual(
    retries(thread).map((n) => n.title),
    [
      "The agent's error looks temporary (rate limited): retrying in 2 s (attempt 1 of 3).",
      "The agent's error looks temporary (rate limited): retrying in 4 s (attempt 2 of 3).",
    ],
  );
  assert.equal(entriesOf(thread, "user").length, 1, "one message, however many attempts");
  assert.equal(agent.received().filter((m) => m.method === "session/prompt").length, 3);
  assert.equal(entriesOf(thread, "error").length, 0);
});

test("after 3 retries the turn fails as before; a final error is not retried; off by default", async () => {
  const agent = fakeAgent();
  const clock = new ManualClock();
  const { chat } = await startedChat(cleanup, [agent.launch], { clock, autoRetry: () => true });
  const turn = chat.prompt("flaky 9");
  await driveRetries(clock, chat, 3);
  await turn;
  let thread = chat.store.state.thread;
  assert.equal(retries(thread).length, 3);
  assert.equal(thread.turn.phase === "idle" && thread.turn.lastStop, "error");
  assert.match(entriesOf(thread, "error")[0]?.message ?? "", /could not complete the prompt/);
  assert.equal(agent.received().filter((m) => m.method === "session/prompt").length, 4);

  await chat.prompt("flaky-final");
  thread = chat.store.state.thread;
  assert.equal(retries(thread).length, 3, "a 401 is not retried");

  const plain = fakeAgent();
  const off = chatSession(cleanup, [plain.launch], { clock: new ManualClock() }).chat;
  await off.start();
  await off.prompt("flaky 1");
  assert.equal(retries(off.store.state.thread).length, 0);
  assert.equal(entriesOf(off.store.state.thread, "error").length, 1);
});

test("Stop during a retry's wait ends the turn stopped, and nothing more is sent", async () => {
  const agent = fakeAgent();
  const clock = new ManualClock();
  const { chat } = await startedChat(cleanup, [agent.launch], { clock, autoRetry: () => true });
  const turn = chat.prompt("flaky 2");
  await waitFor(
    () => retries(chat.store.state.thread).length,
    (n) => n === 1,
    "the first retry shown",
  );
  assert.equal(chat.store.state.thread.turn.phase, "running", "Stop is offered while it waits");
  await chat.cancel();
  await turn;
  const thread = chat.store.state.thread;
  assert.deepEqual(thread.turn, { phase: "idle", lastStop: "cancelled" });
  assert.ok(entriesOf(thread, "notice").some((n) => n.title === "You stopped this turn."));
  clock.advance(60_000);
  assert.equal(agent.received().filter((m) => m.method === "session/prompt").length, 1);
  assert.equal(entriesOf(thread, "error").length, 0);
});
