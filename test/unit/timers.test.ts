/**
 * The ACP layer's timers run on the Clock port, so these tests move time by hand (ManualClock)
 * against the real fake agent: the 2-minute silence watchdog of a running turn, and the bounded
 * backoff of automatic restarts after crashes.
 */
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import type { Thread } from "../../src/shared/thread/thread";
import { fakeAgent, fakeAgentProcess } from "../support/fakeAgentLaunch";
import { ManualClock } from "../support/memoryPorts";
import { Cleanup, ThreadRecorder, connect, contextFor, newSession, startedChat } from "../support/hostHarness";
import { assistantText, entriesOf } from "../support/threadReaders";
import { SILENCE_WARNING_MS, SessionController } from "../../src/acp/client/session/sessionController";
import { waitFor } from "../support/waitFor";

const cleanup = new Cleanup();
afterEach(() => cleanup.run());

const notices = (thread: Thread) => entriesOf(thread, "notice").map((notice) => notice.title);
const ticks = (thread: Thread) => assistantText(thread).split("Working, step").length - 1;

/** Starts the `long` turn and waits for its first update. */
async function longTurnStarted(session: SessionController, recorder: ThreadRecorder) {
  const turn = session.prompt("long");
  await waitFor(
    () => ticks(recorder.thread),
    (n) => n >= 1,
    "the turn's first update",
  );
  return { turn };
}

test("the silence watchdog warns exactly 2 minutes after a running turn's last update, once", async () => {
  const clock = new ManualClock();
  const client = await connect(cleanup, fakeAgent("Fake").launch);
  const { session, recorder } = await newSession(client, undefined, clock);
  const { turn } = await longTurnStarted(session, recorder);

  // Synchronous from here to the notice: no update can land in between and re-arm the watchdog.
  clock.advance(SILENCE_WARNING_MS - 1);
  assert.deepEqual(notices(recorder.thread), [], "not a millisecond early");
  clock.advance(1);
  assert.deepEqual(notices(recorder.thread), ["No activity from Fake for 2 minutes"]);
  clock.advance(10 * SILENCE_WARNING_MS);
  assert.equal(notices(recorder.thread).length, 1, "one warning, not one every 2 minutes");

  await session.cancel();
  await turn;
  assert.deepEqual(clock.pending(), [], "the ended turn left no watchdog armed");
});

test("every update re-arms the watchdog, and a turn that ended never warns", async () => {
  const clock = new ManualClock();
  const client = await connect(cleanup, fakeAgent("Fake").launch);
  const { session, recorder } = await newSession(client, undefined, clock);
  const { turn } = await longTurnStarted(session, recorder);
  clock.advance(SILENCE_WARNING_MS - 1_000);
  const seen = ticks(recorder.thread);
  await waitFor(
    () => ticks(recorder.thread),
    (n) => n > seen,
    "an update after most of the 2 minutes",
  );
  clock.advance(1_000); // 2 minutes after the first update, but only 1 s after the last
  assert.deepEqual(notices(recorder.thread), []);

  await session.cancel();
  await turn;
  assert.equal(recorder.thread.turn.phase, "idle");
  clock.advance(10 * SILENCE_WARNING_MS);
  assert.deepEqual(
    notices(recorder.thread),
    ["You stopped this turn."],
    "no silence warning after the turn, only the Stop line",
  );
});

test("a stream of updates keeps one watchdog timer, not one per update", async () => {
  const clock = new ManualClock();
  const client = await connect(cleanup, fakeAgent("Fake").launch);
  const { session, recorder } = await newSession(client, undefined, clock);
  const { turn } = await longTurnStarted(session, recorder);
  const scheduled = clock.scheduled;
  const seen = ticks(recorder.thread);
  await waitFor(
    () => ticks(recorder.thread),
    (n) => n >= seen + 5,
    "five more updates",
  );
  assert.equal(clock.scheduled, scheduled, "no timer scheduled (nor cancelled) per update");
  assert.deepEqual(clock.pending(), [SILENCE_WARNING_MS], "the watchdog's one timer, from the first update");

  await session.cancel();
  await turn;
});

test("restarts after crashes back off by the configured delays, then stop; a good turn resets the count", async () => {
  const clock = new ManualClock();
  const { chat } = await startedChat(cleanup, [fakeAgentProcess("Fake").launch], {
    clock,
    restartDelaysMs: [1_000, 3_000],
  });
  const status = () => chat.store.state.connection.status;
  const crash = async (restartNote: string | undefined) => {
    const before = notices(chat.store.state.thread).length;
    await chat.prompt("crash");
    await waitFor(status, (value) => value === "failed", "the crash to be reported");
    const added = notices(chat.store.state.thread).slice(before);
    assert.deepEqual(added, restartNote ? [restartNote] : []);
  };
  const restartsAfter = async (delay: number) => {
    assert.deepEqual(clock.pending(), [delay]);
    clock.advance(delay - 1);
    assert.equal(status(), "failed", `not restarted before ${delay} ms`);
    clock.advance(1);
    await waitFor(status, (value) => value === "ready", `the restart after ${delay} ms`);
  };

  await crash("Restarting Fake in 1 s (attempt 1 of 2).");
  await restartsAfter(1_000);
  await crash("Restarting Fake in 3 s (attempt 2 of 2).");
  await restartsAfter(3_000);
  await crash(undefined);
  assert.deepEqual(clock.pending(), [], "no third restart");
  clock.advance(60_000);
  assert.equal(status(), "failed");

  // A turn that ends well after a restart starts the count again.
  await chat.restart();
  await waitFor(status, (value) => value === "ready", "a manual restart");
  await chat.prompt("basic-stream");
  await crash("Restarting Fake in 1 s (attempt 1 of 2).");
  await restartsAfter(1_000);
});

test("with auto-restart off (acpPanel.autoRestart), a crash stays reported and nothing restarts; read at each crash", async () => {
  const clock = new ManualClock();
  let autoRestart = false;
  const { chat } = await startedChat(cleanup, [fakeAgentProcess("Fake").launch], {
    clock,
    restartDelaysMs: [1_000],
    autoRestart: () => autoRestart,
  });
  const status = () => chat.store.state.connection.status;
  await chat.prompt("crash");
  await waitFor(status, (value) => value === "failed", "the crash to be reported");
  assert.deepEqual(clock.pending(), [], "no restart scheduled");
  assert.ok(!notices(chat.store.state.thread).some((line) => line.startsWith("Restarting")));
  clock.advance(60_000);
  assert.equal(status(), "failed");

  autoRestart = true;
  await chat.restart();
  await waitFor(status, (value) => value === "ready", "a manual restart");
  await chat.prompt("crash");
  await waitFor(status, (value) => value === "failed", "the second crash to be reported");
  assert.deepEqual(clock.pending(), [1_000], "the setting turned back on is read at this crash");
});

test("the watchdog keeps quiet while the turn waits for the user, and warns 2 minutes after the wait ends", async () => {
  const clock = new ManualClock();
  const client = await connect(cleanup, fakeAgent("Fake").launch);
  const recorder = new ThreadRecorder();
  let waitingForUser = true;
  const session = await SessionController.create({
    ...contextFor(client, recorder, undefined, undefined, clock),
    awaitingUser: () => waitingForUser,
  });
  const { turn } = await longTurnStarted(session, recorder);

  clock.advance(3 * SILENCE_WARNING_MS);
  assert.deepEqual(notices(recorder.thread), [], "an agent waiting on a permission or form is not stuck");
  waitingForUser = false;
  clock.advance(SILENCE_WARNING_MS);
  assert.deepEqual(notices(recorder.thread), ["No activity from Fake for 2 minutes"]);

  await session.cancel();
  await turn;
});
