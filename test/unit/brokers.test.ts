/** Permission and form brokers: answers, cancellation, rules, and validation before sending. */
import { test } from "node:test";
import assert from "node:assert/strict";
import type * as acp from "@agentclientprotocol/sdk";
import { MAX_PENDING_PERMISSIONS, PermissionBroker } from "../../src/acp/client/callbacks/permissionBroker";
import { LIMIT_REACHED } from "../../src/acp/client/connection/connection";
import { ElicitationBroker } from "../../src/acp/client/callbacks/elicitationBroker";
import type { ThreadAction } from "../../src/shared/thread/threadActions";

const options: acp.PermissionOption[] = [
  { optionId: "proceed_once", name: "Allow", kind: "allow_once" },
  { optionId: "proceed_always", name: "Always allow", kind: "allow_always" },
  { optionId: "cancel", name: "Reject", kind: "reject_once" },
];
const request: acp.RequestPermissionRequest = {
  sessionId: "s1",
  toolCall: { toolCallId: "t1", title: "rm -rf build" },
  options,
};

function permissionBroker(rules?: ConstructorParameters<typeof PermissionBroker>[3]) {
  const actions: ThreadAction[] = [];
  let id = 0;
  return {
    actions,
    broker: new PermissionBroker(
      { name: "Gemini", id: "agent-gemini" },
      (_s, a) => actions.push(a),
      () => `e${++id}`,
      rules,
    ),
  };
}

test("a permission shows on its tool call and resolves with the chosen option id", async () => {
  const { broker, actions } = permissionBroker();
  const answer = broker.request(request, new AbortController().signal);
  assert.equal(actions[0]?.type, "permission/requested");
  const requestId = (actions[0] as { requestId: string }).requestId;
  broker.answer(requestId, "proceed_always");
  assert.deepEqual(await answer, { outcome: { outcome: "selected", optionId: "proceed_always" } });
  assert.deepEqual(actions[1], {
    type: "permission/resolved",
    requestId,
    outcome: { optionId: "proceed_always", kind: "allow_always" },
  });
});

test("cancelling the turn answers every pending permission of the session `cancelled`", async () => {
  const { broker } = permissionBroker();
  const a = broker.request(request, new AbortController().signal);
  const other = broker.request({ ...request, sessionId: "s2" }, new AbortController().signal);
  broker.cancelSession("s1");
  assert.deepEqual(await a, { outcome: { outcome: "cancelled" } });
  assert.equal(broker.pendingCount, 1, "the other session's request stays open");
  broker.cancelAll();
  assert.deepEqual(await other, { outcome: { outcome: "cancelled" } });
});

test("the agent withdrawing the request ($/cancel_request) answers cancelled", async () => {
  const { broker } = permissionBroker();
  const abort = new AbortController();
  const answer = broker.request(request, abort.signal);
  abort.abort();
  assert.deepEqual(await answer, { outcome: { outcome: "cancelled" } });
});

test("an unknown option id is treated as a dismissal, never forwarded", async () => {
  const { broker, actions } = permissionBroker();
  const answer = broker.request(request, new AbortController().signal);
  broker.answer((actions[0] as { requestId: string }).requestId, "made-up");
  assert.deepEqual(await answer, { outcome: { outcome: "cancelled" } });
});

test("a saved rule answers by kind without asking, and says so in the transcript", async () => {
  const asked: string[] = [];
  const { broker, actions } = permissionBroker({
    decide: async (agent) => (
      asked.push(agent.id),
      { decision: "allow_once", rule: 'Gemini: allow "execute" tool calls' }
    ),
  });
  assert.deepEqual(await broker.request(request, new AbortController().signal), {
    outcome: { outcome: "selected", optionId: "proceed_once" },
  });
  assert.deepEqual(asked, ["agent-gemini"], "rules are asked by the agent's stable id");
  assert.deepEqual(actions, [
    {
      type: "acp/update",
      entryId: "e1",
      update: {
        sessionUpdate: "notice",
        severity: "info",
        title: "Allowed by rule: rm -rf build",
        description: 'Rule: Gemini: allow "execute" tool calls. Change it with "ACP: Manage Permission Rules".',
      },
    },
  ]);
});

test("a rejection by rule is shown too", async () => {
  const { broker, actions } = permissionBroker({
    decide: async () => ({ decision: "reject_once", rule: "Gemini: reject" }),
  });
  assert.deepEqual(await broker.request(request, new AbortController().signal), {
    outcome: { outcome: "selected", optionId: "cancel" },
  });
  const notice = actions[0]?.type === "acp/update" ? actions[0].update : undefined;
  assert.equal((notice as { title?: string } | undefined)?.title, "Rejected by rule: rm -rf build");
});

test("a rule that fails to decide asks the user; a request withdrawn while rules decide is cancelled", async () => {
  const failing = permissionBroker({
    decide: async () => {
      throw new Error("EACCES");
    },
  });
  void failing.broker.request(request, new AbortController().signal);
  await new Promise<void>((resolve) => {
    const poll = () => (failing.actions.length ? resolve() : setImmediate(poll));
    poll();
  });
  assert.equal(failing.actions[0]?.type, "permission/requested");
  const abort = new AbortController();
  let release: () => void = () => {};
  const slow = permissionBroker({
    decide: () =>
      new Promise((resolve) => {
        release = () => resolve({ decision: "allow_once", rule: "r" });
      }),
  });
  const answer = slow.broker.request(request, abort.signal);
  abort.abort();
  release();
  assert.deepEqual(await answer, { outcome: { outcome: "cancelled" } });
  assert.deepEqual(slow.actions, []);
});

const formRequest = {
  sessionId: "s1",
  mode: "form" as const,
  message: "Choose an approach",
  requestedSchema: {
    type: "object" as const,
    properties: {
      answer: { type: "string" as const, enum: ["minimal", "full"] },
      count: { type: "integer" as const, minimum: 1, maximum: 5 },
    },
    required: ["answer"],
  },
};

function formBroker() {
  const actions: ThreadAction[] = [];
  return { actions, broker: new ElicitationBroker("Bub", (_s, a) => actions.push(a)) };
}

test("an invalid form value is refused with a message and nothing is sent", async () => {
  const { broker, actions } = formBroker();
  let settled = false;
  const answer = broker.create(formRequest, new AbortController().signal).then((r) => ((settled = true), r));
  const requestId = (actions[0] as { requestId: string }).requestId;
  const result = broker.submit(requestId, { answer: "extreme", count: 9 });
  assert.equal(result.ok, false);
  assert.match(!result.ok ? (result.errors.answer ?? "") : "", /Choose one of the options/);
  assert.match(!result.ok ? (result.errors.count ?? "") : "", /at most 5/);
  await new Promise((r) => setTimeout(r, 10));
  assert.equal(settled, false);
  assert.deepEqual(broker.submit(requestId, { answer: "full", count: 2 }), { ok: true });
  assert.deepEqual(await answer, { action: "accept", content: { answer: "full", count: 2 } });
  assert.deepEqual(actions.at(-1), { type: "form/resolved", requestId, outcome: "accept" });
});

test("decline and cancel answer as such; a withdrawn request dismisses the form", async () => {
  const { broker, actions } = formBroker();
  const declined = broker.create(formRequest, new AbortController().signal);
  broker.decline((actions[0] as { requestId: string }).requestId);
  assert.deepEqual(await declined, { action: "decline" });
  const abort = new AbortController();
  const withdrawn = broker.create(formRequest, abort.signal);
  abort.abort();
  assert.deepEqual(await withdrawn, { action: "cancel" });
  assert.equal(actions.filter((a) => a.type === "form/resolved").length, 2);
});

test("a hostile schema (thousands of fields, unknown types) is refused with -32602", async () => {
  const { broker } = formBroker();
  const properties = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`f${i}`, { type: "string" }]));
  await assert.rejects(
    broker.create({ ...formRequest, requestedSchema: { type: "object", properties } }, new AbortController().signal),
    (error: { code?: number; message?: string }) => error.code === -32602,
  );
  await assert.rejects(
    broker.create(
      { ...formRequest, requestedSchema: { type: "object", properties: { x: { type: "object" } } } } as never,
      new AbortController().signal,
    ),
    (error: { code?: number }) => error.code === -32602,
  );
});

test("a huge permission option list is bounded; the shown options stay answerable", async () => {
  const { broker, actions } = permissionBroker();
  const many = Array.from({ length: 10_000 }, (_, i) => ({
    optionId: `o${i}`,
    name: `Option ${i} ${"x".repeat(1000)}`,
    kind: "allow_once" as const,
  }));
  const answer = broker.request({ ...request, options: many }, new AbortController().signal);
  const shown = (actions[0] as { options: Array<{ optionId: string; name: string }> }).options;
  assert.equal(shown.length, 20);
  assert.ok(shown.every((o) => o.name.length <= 200));
  broker.answer((actions[0] as { requestId: string }).requestId, "o3");
  assert.deepEqual(await answer, { outcome: { outcome: "selected", optionId: "o3" } });
});

test("pending permission requests are capped: one more is refused with a clear error until one is answered", async () => {
  const { broker, actions } = permissionBroker();
  const signal = new AbortController().signal;
  const answers = Array.from({ length: MAX_PENDING_PERMISSIONS }, (_, i) =>
    broker.request({ ...request, sessionId: `s${i % 3}` }, signal),
  );
  const shown = actions.length;
  await assert.rejects(broker.request(request, signal), (error: { code?: number; message?: string }) => {
    assert.equal(error.code, LIMIT_REACHED);
    assert.match(error.message ?? "", new RegExp(`at most ${MAX_PENDING_PERMISSIONS} unanswered permission requests`));
    return true;
  });
  assert.equal(actions.length, shown, "the refused request is not shown");
  broker.answer((actions[0] as { requestId: string }).requestId, "cancel");
  const next = broker.request(request, signal);
  assert.equal(broker.pendingCount, MAX_PENDING_PERMISSIONS);
  broker.cancelAll();
  await Promise.all([...answers, next]);
});
