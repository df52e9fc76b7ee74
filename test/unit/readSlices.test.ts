/**
 * A reply's first chunk is not held behind the rest of its read (src/acp/client/connection/readSlices.ts):
 * the replica feed, given an action after a quiet spell, asks the agent's reader to end its slice,
 * and both readers (the stdio fast path and the Web-stream tap of HTTP and WebSocket agents) give
 * the event loop a turn before the next message of the same read, so the feed's post goes out
 * first, and so does the timer on which VS Code's extension host writes a post to its socket.
 * Within a stream the slices run their full 8 ms as before.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { AgentConnection } from "../../src/acp/client/connection/connection";
import { endReadSliceSoon, startReadSlice } from "../../src/acp/client/connection/readSlices";
import { waitFor } from "../support/waitFor";
import { pipe } from "../support/stdioFramings";
import { FLUSH_MS, chunk, wiredPanel } from "../support/wiredReplica";

const update = (text: string) =>
  JSON.stringify({
    jsonrpc: "2.0",
    method: "session/update",
    params: { sessionId: "s1", update: { sessionUpdate: "agent_message_chunk", content: { type: "text", text } } },
  });

for (const path of ["fast", "sdk"] as const) {
  test(`${path} framing: a slice asked to end lets a post and its write timer run before the next message of the same read`, async () => {
    const agent = pipe(path);
    const order: string[] = [];
    const connection = new AgentConnection(
      agent.stream,
      {
        sessionUpdate: (_sessionId, value) => {
          const text = (value as { content: { text: string } }).content.text;
          order.push(text);
          if (text !== "first") return;
          // As the replica feed and VS Code do: post after this turn, and write the post on a timer.
          setImmediate(() => {
            order.push("post");
            setTimeout(() => order.push("socket write"), 0);
          });
          endReadSliceSoon();
        },
        extNotification: () => undefined,
        traffic: () => undefined,
      },
      {},
    );
    try {
      // One write, so one read holds all three.
      await agent.write(new TextEncoder().encode(["first", "second", "third"].map(update).join("\n") + "\n"));
      await waitFor(
        () => order.length,
        (n) => n >= 5,
        "three updates, the post and its write",
      );
      assert.deepEqual(order, ["first", "post", "socket write", "second", "third"]);
    } finally {
      connection.close();
    }
  });
}

test("a slice ends after 8 ms, or once asked; a request made while nobody read is dropped by the next slice", () => {
  let now = 0;
  endReadSliceSoon();
  const slice = startReadSlice(() => now);
  assert.equal(slice.isOver(), false, "the stale request is dropped");
  now = 8;
  assert.equal(slice.isOver(), false);
  now = 8.5;
  assert.equal(slice.isOver(), true, "past 8 ms");
  now = 0;
  const next = startReadSlice(() => now);
  endReadSliceSoon();
  assert.equal(next.isOver(), true, "asked to end");
});

test("the feed asks the reader to end its slice for the first action after a quiet spell, not for the ones close behind it", () => {
  const { store, clock } = wiredPanel({ acks: true });
  clock.now = 1_000;
  const first = startReadSlice(() => 0);
  store.dispatch(chunk(0));
  assert.equal(first.isOver(), true, "the first chunk after a quiet spell ends the slice");

  clock.now += FLUSH_MS / 2;
  const next = startReadSlice(() => 0);
  store.dispatch(chunk(1));
  store.dispatch(chunk(2));
  assert.equal(next.isOver(), false, "a stream's chunks leave the slice to run its time");
});
