/**
 * Load: 5 agents with 3 sessions each, all streaming at once. Asserts isolation (every session
 * gets exactly its own stream, nothing crosses) and that the host stays responsive enough to run
 * a timer throughout; prints the figures (timings are reported, never asserted).
 */
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { Cleanup, connect, newSession } from "../support/hostHarness";
import { assistantText } from "../support/threadReaders";
import { fakeAgent } from "../support/fakeAgentLaunch";
import { endMarker, startMarker } from "../fakeAgent/benchScenarios";

const cleanup = new Cleanup();
after(() => cleanup.run());

const AGENTS = 5;
const SESSIONS = 3;
const CHUNKS = 1500;

test("5 agents × 3 sessions stream at once, isolated, with the event loop responsive", async () => {
  const started = performance.now();
  const clients = await Promise.all(
    Array.from({ length: AGENTS }, (_, a) => connect(cleanup, fakeAgent(`Load ${a}`).launch)),
  );
  const sessions = await Promise.all(
    clients.flatMap((client, a) =>
      Array.from({ length: SESSIONS }, async (_, s) => ({ ...(await newSession(client)), nonce: `a${a}s${s}` })),
    ),
  );
  for (const { session } of sessions) cleanup.add(() => session.dispose());

  // Event-loop lag: how late a 10 ms timer fires while everything streams.
  let maxLag = 0;
  let last = performance.now();
  const ticker = setInterval(() => {
    const now = performance.now();
    maxLag = Math.max(maxLag, now - last - 10);
    last = now;
  }, 10);
  const streamStart = performance.now();
  await Promise.all(sessions.map(({ session, nonce }) => session.prompt(`benchflood ${CHUNKS} ${nonce}`)));
  const streamMs = performance.now() - streamStart;
  clearInterval(ticker);

  for (const { recorder, nonce } of sessions) {
    const text = assistantText(recorder.thread);
    assert.ok(text.startsWith(startMarker(nonce)), `${nonce} starts with its own marker`);
    assert.ok(text.includes(endMarker(nonce)), `${nonce} ends with its own marker`);
    for (const other of sessions)
      if (other.nonce !== nonce)
        assert.ok(!text.includes(startMarker(other.nonce)), `${other.nonce} leaked into ${nonce}`);
    assert.deepEqual(recorder.thread.turn, { phase: "idle", lastStop: "end_turn" });
  }
  const chunks = AGENTS * SESSIONS * CHUNKS;
  console.log(
    `load: ${AGENTS} agents × ${SESSIONS} sessions, ${chunks} chunks in ${streamMs.toFixed(0)} ms (${Math.round(chunks / (streamMs / 1000))} chunks/s); max event-loop lag ${maxLag.toFixed(1)} ms; setup ${(streamStart - started).toFixed(0)} ms; host RSS ${(process.memoryUsage().rss / 1048576).toFixed(0)} MiB`,
  );
});
