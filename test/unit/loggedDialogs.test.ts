import * as assert from "node:assert/strict";
import { test } from "node:test";
import { loggedDialogs } from "../../src/acp/platform/loggedDialogs";
import { ScriptedDialogs } from "../support/scriptedDialogs";

function recordingLogger() {
  const lines: string[] = [];
  return {
    lines,
    warn: (m: string) => void lines.push(`warn ${m}`),
    error: (m: string) => void lines.push(`error ${m}`),
  };
}

test("an error or a warning shown to the user is also logged; the user's answer comes back", async () => {
  const scripted = new ScriptedDialogs((call) => (call.kind === "error" ? "Retry" : undefined));
  const logger = recordingLogger();
  const dialogs = loggedDialogs(scripted, logger);
  assert.equal(await dialogs.error("Redo failed: disk full", "Retry"), "Retry");
  await dialogs.warning("The agent is slow");
  assert.deepEqual(logger.lines, ["error shown: Redo failed: disk full", "warn shown: The agent is slow"]);
  assert.deepEqual(
    scripted.calls.map((call) => [call.kind, call.text, call.actions]),
    [
      ["error", "Redo failed: disk full", ["Retry"]],
      ["warning", "The agent is slow", []],
    ],
  );
});

test("questions and information toasts reach the dialogs unlogged, with what the user answered", async () => {
  const scripted = new ScriptedDialogs((call) =>
    call.kind === "pick" ? "Two" : call.kind === "input" ? "typed" : "OK",
  );
  const logger = recordingLogger();
  const dialogs = loggedDialogs(scripted, logger);
  assert.equal(await dialogs.info("Saved"), "OK");
  assert.equal(await dialogs.confirm("Delete?", "It goes for good", "Delete"), "OK");
  const picked = await dialogs.pick(
    [
      { label: "One", value: 1 },
      { label: "Two", value: 2 },
    ],
    { title: "Pick" },
  );
  assert.equal(picked, 2);
  assert.equal(await dialogs.input({ title: "Name", prompt: "A name", value: "" }), "typed");
  assert.equal(await dialogs.progress("Working", async () => 42), 42);
  assert.deepEqual(logger.lines, []);
});
