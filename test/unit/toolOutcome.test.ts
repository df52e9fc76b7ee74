import * as assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { ToolCallEntry } from "../../src/shared/thread/thread";
import { shownToolStatus } from "../../src/shared/thread/toolOutcome";

const run = (patch: Partial<ToolCallEntry> = {}): ToolCallEntry => ({
  kind: "tool_call",
  id: "t",
  toolCallId: "c",
  title: "Run it",
  toolKind: "execute",
  status: "completed",
  content: [{ type: "terminal", terminalId: "term" }],
  locations: [],
  ...patch,
});

describe("shownToolStatus (issue 29: a non-zero exit is not Done)", () => {
  it("shows a completed call whose terminal exited with code 3 as failed", () => {
    assert.equal(
      shownToolStatus(run(), { term: { command: "x", output: "", exit: { exitCode: 3, signal: null } } }),
      "failed",
    );
  });
  it("shows a killed command as failed", () => {
    assert.equal(
      shownToolStatus(run(), { term: { command: "x", output: "", exit: { exitCode: null, signal: "SIGTERM" } } }),
      "failed",
    );
  });
  it("keeps Done for exit code 0, and for a terminal still running", () => {
    assert.equal(
      shownToolStatus(run(), { term: { command: "x", output: "", exit: { exitCode: 0, signal: null } } }),
      "completed",
    );
    assert.equal(shownToolStatus(run(), { term: { command: "x", output: "" } }), "completed");
  });
  it("reads an exit code from the raw output (agents that run commands themselves)", () => {
    assert.equal(shownToolStatus(run({ content: [], rawOutput: { exit_code: 2, stdout: "" } }), {}), "failed");
    assert.equal(shownToolStatus(run({ content: [], rawOutput: { exitCode: 0 } }), {}), "completed");
    assert.equal(shownToolStatus(run({ content: [], rawOutput: "exit 1" }), {}), "completed");
  });
  it("reads the raw output's exit code only for an execute tool (a fetch's HTTP code 200 is Done)", () => {
    assert.equal(
      shownToolStatus(run({ toolKind: "fetch", content: [], rawOutput: { code: 200, body: "ok" } }), {}),
      "completed",
    );
    assert.equal(shownToolStatus(run({ toolKind: "other", content: [], rawOutput: { exitCode: 1 } }), {}), "completed");
    assert.equal(shownToolStatus(run({ content: [], rawOutput: { code: 1 } }), {}), "failed");
  });
  it("leaves other statuses alone", () => {
    const terminals = { term: { command: "x", output: "", exit: { exitCode: 1, signal: null } } };
    assert.equal(shownToolStatus(run({ status: "in_progress" }), terminals), "in_progress");
    assert.equal(shownToolStatus(run({ status: "cancelled" }), terminals), "cancelled");
  });
});
