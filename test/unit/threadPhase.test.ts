/** One derived phase for a thread: the status line says the agent waits for you, not that it works. */
import * as assert from "node:assert/strict";
import { test } from "node:test";
import {
  type PanelAction,
  type PanelState,
  describeStatus,
  initialPanelState,
  reducePanel,
} from "../../src/shared/wire/panelState";
import { threadPhase } from "../../src/shared/wire/threadPhase";
import { panelStatus } from "../../src/shared/wire/tabStatus";

function fold(actions: readonly PanelAction[]): PanelState {
  return actions.reduce(
    reducePanel,
    reducePanel(initialPanelState, { type: "connection/ready", agent: "A", sessionId: "s" }),
  );
}

const started: PanelAction = { type: "turn/started", entryId: "u", text: "go", at: 1 };
const permission: PanelAction = {
  type: "permission/requested",
  requestId: "p1",
  entryId: "t1",
  toolCall: { toolCallId: "t1", title: "Write" },
  options: [{ optionId: "y", name: "Yes", kind: "allow_once" }],
};
const form: PanelAction = {
  type: "form/requested",
  requestId: "f1",
  message: "Name?",
  schema: { type: "object", properties: {} },
};

test("a running turn works; a pending permission or form makes it wait for the user", () => {
  assert.equal(threadPhase(fold([started]).thread), "running");
  assert.equal(describeStatus(fold([started])), "A is working…");
  assert.equal(threadPhase(fold([started, permission]).thread), "awaiting_permission");
  assert.equal(describeStatus(fold([started, permission])), "Waiting for your approval");
  assert.equal(threadPhase(fold([started, form]).thread), "awaiting_form");
  assert.equal(describeStatus(fold([started, form])), "Waiting for your answer");
  assert.equal(
    threadPhase(fold([started, form, permission]).thread),
    "awaiting_permission",
    "a permission first: it blocks the tool call",
  );
  const answered = fold([
    started,
    permission,
    { type: "permission/resolved", requestId: "p1", outcome: { optionId: "y", kind: "allow_once" } },
  ]);
  assert.equal(describeStatus(answered), "A is working…");
  assert.equal(threadPhase(fold([started, permission, { type: "turn/cancelling" }]).thread), "cancelling");
  assert.equal(threadPhase(fold([started, permission, { type: "turn/ended", stopReason: "end_turn" }]).thread), "idle");
});

test("one panel status for the tab strip, the session list and the status bar", () => {
  assert.equal(panelStatus(initialPanelState), "none");
  assert.equal(panelStatus(reducePanel(initialPanelState, { type: "connection/starting", agent: "A" })), "starting");
  assert.equal(
    panelStatus(reducePanel(initialPanelState, { type: "connection/failed", agent: "A", message: "gone" })),
    "failed",
  );
  assert.equal(panelStatus(fold([])), "idle");
  assert.equal(panelStatus(fold([started])), "running");
  assert.equal(panelStatus(fold([started, { type: "turn/cancelling" }])), "running", "stopping is still work");
  assert.equal(panelStatus(fold([started, permission])), "waiting");
  assert.equal(panelStatus(fold([started, form])), "waiting");
});
