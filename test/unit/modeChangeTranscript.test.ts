/**
 * The mode change marker beyond the panel: the journal's stored form keeps it (mode id and the
 * name it had), the Markdown export says it in one line, history search does not index it, and an
 * "Edit and rerun" does not tell the new session about an earlier mode.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { reduceThread } from "../../src/shared/thread/reduceThread";
import { emptyThread, type Thread } from "../../src/shared/thread/thread";
import type { ThreadAction } from "../../src/shared/thread/threadActions";
import { restoredEntries, storedEntriesOf, storedEntrySchema } from "../../src/shared/thread/storedTranscript";
import { threadToMarkdown } from "../../src/shared/thread/threadMarkdown";
import { conversationText } from "../../src/acp/history/conversationText";
import { rewindSeed } from "../../src/acp/sessions/conversationRewind";
import { defaultAndPlanModes } from "../support/threadModes";

function planned(): Thread {
  const actions: ThreadAction[] = [
    defaultAndPlanModes,
    { type: "acp/update", entryId: "m1", update: { sessionUpdate: "current_mode_update", currentModeId: "plan" } },
    { type: "turn/started", entryId: "u1", text: "Sketch the fix", at: 1 },
    {
      type: "acp/update",
      entryId: "a1",
      update: { sessionUpdate: "agent_message_chunk", content: { type: "text", text: "Step 1" } },
    },
    { type: "acp/update", entryId: "m2", update: { sessionUpdate: "current_mode_update", currentModeId: "default" } },
    { type: "turn/ended", stopReason: "end_turn" },
    { type: "turn/started", entryId: "u2", text: "Go ahead", at: 2 },
  ];
  return actions.reduce(reduceThread, emptyThread);
}

test("the stored form keeps a mode change's id and name, and a restored thread shows the same marker", () => {
  const stored = storedEntriesOf(planned());
  const modes = stored.filter((entry) => entry.kind === "mode_change");
  assert.deepEqual(modes, [
    { kind: "mode_change", modeId: "plan", name: "Plan" },
    { kind: "mode_change", modeId: "default", name: "Default" },
  ]);
  for (const entry of stored) assert.ok(storedEntrySchema.safeParse(entry).success, "what is written reads back");
  const restored = restoredEntries(stored).filter((entry) => entry.kind === "mode_change");
  assert.deepEqual(restored[0], { kind: "mode_change", id: "restored-0", modeId: "plan", name: "Plan" });
});

test("the export says each mode change in one line, where it happened", () => {
  const markdown = threadToMarkdown(planned());
  assert.match(
    markdown,
    /_Mode: Plan_\n\n## User\n\nSketch the fix\n\n## Agent\n\nStep 1\n\n_Mode: Default_\n\n## User/,
  );
});

test("a mode change is neither searched nor sent as an Edit and rerun's context", () => {
  const thread = planned();
  const text = conversationText(undefined, storedEntriesOf(thread));
  assert.doesNotMatch(Object.values(text).join("\n"), /Plan|Default/);
  const seed = rewindSeed(thread, "u2", undefined);
  assert.equal(seed?.entries.filter((entry) => entry.kind === "mode_change").length, 2, "the new tab shows them");
  assert.match(seed?.context ?? "", /User: Sketch the fix[\s\S]*Assistant: Step 1/);
  assert.doesNotMatch(seed?.context ?? "", /Mode|Plan/);
});
