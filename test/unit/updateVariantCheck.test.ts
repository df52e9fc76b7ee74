/**
 * The check that says once per session which update variants the panel does not show runs off the
 * streaming path: a variant's first update is often a reply's first chunk, and in a fresh
 * extension host the schemas' first parse took ~10 ms (zod builds its parsers lazily) between the
 * agent's first chunk and the batch that carries it to the webview (an extension-host profile of
 * the stream bench).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { SessionUpdates, type UpdateHooks } from "../../src/acp/client/session/sessionUpdates";
import type { SessionContext } from "../../src/acp/client/session/sessionContext";
import type { ThreadAction } from "../../src/shared/thread/threadActions";

function sessionUpdates() {
  const actions: ThreadAction[] = [];
  const lines: string[] = [];
  let id = 0;
  const context = {
    client: { name: "Fake" },
    sink: (action: ThreadAction) => actions.push(action),
    newId: () => `e${++id}`,
    logger: {
      info: (message: string) => lines.push(`info ${message}`),
      warn: (message: string) => lines.push(`warn ${message}`),
      error: (message: string) => lines.push(`error ${message}`),
    },
  } as unknown as SessionContext;
  const hooks = {
    received: () => undefined,
    steerer: { activity: () => undefined },
    children: { observe: () => undefined },
    live: () => true,
  } as unknown as UpdateHooks;
  return { updates: new SessionUpdates(context, hooks), actions, lines };
}

const turnOfTheLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
const notShown = (lines: readonly string[], tag: string) =>
  lines.filter((line) => line.startsWith(`info Fake: session/update "${tag}" is not shown`));

test("a variant's first update reaches the thread before its schema check, which says once what is not shown", async () => {
  const { updates, actions, lines } = sessionUpdates();
  updates.update({ sessionUpdate: "_sparkle_update", glitter: 1 });
  assert.deepEqual(
    actions.map((action) => action.type),
    ["acp/update"],
    "passed on at once (the webview may learn it)",
  );
  assert.deepEqual(notShown(lines, "_sparkle_update"), [], "not checked on the streaming path");

  await turnOfTheLoop();
  assert.equal(notShown(lines, "_sparkle_update").length, 1, "checked once the event loop turn is over");

  updates.update({ sessionUpdate: "_sparkle_update", glitter: 2 });
  await turnOfTheLoop();
  assert.equal(notShown(lines, "_sparkle_update").length, 1, "once per variant");
  assert.equal(actions.length, 2);
});

test("a known variant with the fields the panel reads is not reported", async () => {
  const { updates, lines } = sessionUpdates();
  updates.update({ sessionUpdate: "agent_message_chunk", content: { type: "text", text: "hello" } });
  await turnOfTheLoop();
  assert.deepEqual(
    lines.filter((line) => line.includes("is not shown")),
    [],
  );
});
