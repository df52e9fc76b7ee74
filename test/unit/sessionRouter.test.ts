/**
 * Issue 29: on a connection several tabs share, each session-scoped callback reaches the tab that
 * owns the session (its own session or a child it announced), and an id no tab owns is refused.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import type * as acp from "@agentclientprotocol/sdk";
import { SessionRouter } from "../../src/acp/client/session/sessionRouter";
import type { ClientCallbacks } from "../../src/acp/client/connection/clientCallbacks";

const signal = new AbortController().signal;

/** Callbacks that record which tab answered. */
function tabCallbacks(name: string, calls: string[]): ClientCallbacks {
  return {
    requestPermission: async (params) => {
      calls.push(`${name}:permission:${params.sessionId}`);
      return { outcome: { outcome: "selected", optionId: name } };
    },
    fs: {
      readTextFile: async (params) => {
        calls.push(`${name}:read:${params.sessionId}`);
        return { content: name };
      },
      writeTextFile: async (params) => void calls.push(`${name}:write:${params.sessionId}`),
    },
    terminal: {
      create: async (params) => {
        calls.push(`${name}:terminal:${params.sessionId}`);
        return { terminalId: `${name}-t` };
      },
      output: async () => ({ output: "", truncated: false }),
      waitForExit: async () => ({ exitCode: 0 }),
      kill: async () => undefined,
      release: async (params) => void calls.push(`${name}:release:${params.terminalId}`),
    },
    elicitation: {
      create: async (params) => {
        calls.push(`${name}:form:${"sessionId" in params ? params.sessionId : "-"}`);
        return { action: "cancel" };
      },
      complete: (params) => void calls.push(`${name}:complete:${params.elicitationId}`),
    },
  };
}

function permission(sessionId: string): acp.RequestPermissionRequest {
  return { sessionId, toolCall: { toolCallId: "c1" }, options: [] };
}

async function refusal(call: Promise<unknown>): Promise<number | undefined> {
  try {
    await call;
  } catch (error) {
    return (error as { code?: number }).code;
  }
  return undefined;
}

test("each callback goes to the tab that owns its session; an id no tab owns is refused with -32602", async () => {
  const calls: string[] = [];
  const one = tabCallbacks("one", calls);
  const router = new SessionRouter(one);
  router.add({ owns: (id) => id === "s1", callbacks: one });
  router.add({ owns: (id) => id === "s2" || id === "s2-child", callbacks: tabCallbacks("two", calls) });
  const { callbacks } = router;
  assert.deepEqual(await callbacks.requestPermission!(permission("s2"), signal), {
    outcome: { outcome: "selected", optionId: "two" },
  });
  assert.deepEqual(await callbacks.fs!.readTextFile({ sessionId: "s1", path: "/a" }, signal), { content: "one" });
  await callbacks.fs!.writeTextFile({ sessionId: "s2-child", path: "/a", content: "" }, signal);
  await callbacks.terminal!.create({ sessionId: "s1", command: "ls" });
  await callbacks.terminal!.release({ sessionId: "s2", terminalId: "two-t" });
  await callbacks.elicitation!.create(
    { sessionId: "s2", mode: "form", message: "?", requestedSchema: { type: "object", properties: {} } },
    signal,
  );
  callbacks.elicitation!.complete({ elicitationId: "e1" });
  assert.deepEqual(calls, [
    "two:permission:s2",
    "one:read:s1",
    "two:write:s2-child",
    "one:terminal:s1",
    "two:release:two-t",
    "two:form:s2",
    "one:complete:e1",
    "two:complete:e1",
  ]);
  calls.length = 0;
  assert.equal(await refusal(callbacks.requestPermission!(permission("s3"), signal)), -32602);
  assert.equal(await refusal(callbacks.fs!.readTextFile({ sessionId: "s3", path: "/etc/passwd" }, signal)), -32602);
  assert.equal(await refusal(callbacks.terminal!.create({ sessionId: "s3", command: "rm" })), -32602);
  assert.equal(
    await refusal(
      callbacks.elicitation!.create(
        { requestId: 7, mode: "form", message: "?", requestedSchema: { type: "object", properties: {} } },
        signal,
      ),
    ),
    -32602,
    "a request-scoped form has no tab to show in",
  );
  assert.deepEqual(calls, [], "no tab saw a request for a session it does not own");
});

test("a closed tab's sessions are refused, and a tab without a group answers -32601", async () => {
  const calls: string[] = [];
  const router = new SessionRouter(tabCallbacks("shape", calls));
  const one = router.add({ owns: (id) => id === "s1", callbacks: tabCallbacks("one", calls) });
  router.add({ owns: (id) => id === "s2", callbacks: {} });
  one.dispose();
  assert.equal(await refusal(router.callbacks.fs!.readTextFile({ sessionId: "s1", path: "/a" }, signal)), -32602);
  assert.equal(await refusal(router.callbacks.fs!.readTextFile({ sessionId: "s2", path: "/a" }, signal)), -32601);
  assert.deepEqual(await router.callbacks.requestPermission!(permission("s2"), signal), {
    outcome: { outcome: "cancelled" },
  });
  assert.equal(router.size, 1);
});

test("a callback before session/new answers: the only opening tab gets it; with several, it waits for their openings", async () => {
  const calls: string[] = [];
  const router = new SessionRouter(tabCallbacks("shape", calls));
  let oneSession: string | undefined = undefined;
  const one = router.add({ owns: (id) => id === oneSession, callbacks: tabCallbacks("one", calls) });
  let openOne!: () => void;
  void one.opening(new Promise<void>((resolve) => (openOne = resolve)));
  // Only one tab is opening: the unknown id can only be its session (waiting could deadlock a load).
  await router.callbacks.fs!.readTextFile({ sessionId: "new-1", path: "/a" }, signal);
  assert.deepEqual(calls, ["one:read:new-1"]);

  let twoSession: string | undefined = undefined;
  const two = router.add({ owns: (id) => id === twoSession, callbacks: tabCallbacks("two", calls) });
  let openTwo!: () => void;
  void two.opening(new Promise<void>((resolve) => (openTwo = resolve)));
  const early = router.callbacks.fs!.readTextFile({ sessionId: "new-2", path: "/a" }, signal);
  const stranger = refusal(router.callbacks.fs!.readTextFile({ sessionId: "nobody", path: "/a" }, signal));
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(calls, ["one:read:new-1"], "held while two tabs are opening");
  oneSession = "new-1";
  openOne();
  twoSession = "new-2";
  openTwo();
  assert.deepEqual(await early, { content: "two" });
  assert.equal(await stranger, -32602, "an id neither opening named is refused once they settle");
});

test("a released tab's id while another tab is opening → -32602; a load's expected id reaches the loading tab", async () => {
  const calls: string[] = [];
  const attached = new Set(["s1", "s2"]);
  const router = new SessionRouter(tabCallbacks("shape", calls), (id) => attached.has(id));
  const one = router.add({ owns: (id) => id === "s1", callbacks: tabCallbacks("one", calls) });
  one.dispose(); // New Session (or a closed tab): s1 is left behind on the connection
  const two = router.add({ owns: () => false, callbacks: tabCallbacks("two", calls) });
  let openTwo!: () => void;
  void two.opening(new Promise<void>((resolve) => (openTwo = resolve)));
  assert.equal(
    await refusal(router.callbacks.fs!.writeTextFile({ sessionId: "s1", path: "/a", content: "" }, signal)),
    -32602,
  );
  assert.equal(await refusal(router.callbacks.requestPermission!(permission("s1"), signal)), -32602);
  assert.equal(await refusal(router.callbacks.terminal!.create({ sessionId: "s1", command: "rm" })), -32602);
  // An id this connection never attached can only be the opening tab's new session.
  await router.callbacks.fs!.readTextFile({ sessionId: "new-2", path: "/a" }, signal);
  openTwo();
  // Reopening s2 (load or resume): its id is known up front, so it reaches the tab loading it, no fallback needed.
  const three = router.add({ owns: () => false, callbacks: tabCallbacks("three", calls) });
  void three.opening(new Promise<void>(() => undefined), "s2");
  await router.callbacks.fs!.readTextFile({ sessionId: "s2", path: "/a" }, signal);
  assert.equal(await refusal(router.callbacks.fs!.readTextFile({ sessionId: "s1", path: "/a" }, signal)), -32602);
  assert.deepEqual(calls, ["two:read:new-2", "three:read:s2"]);
});
