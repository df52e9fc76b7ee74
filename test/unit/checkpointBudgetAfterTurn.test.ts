/**
 * The checkpoints' storage budget is checked, and the shadow index's stat data refreshed, once a
 * turn has ended, not as it starts (issue 30): the prune (a git process and a walk of the storage)
 * ran right after the turn's checkpoint, while the agent's first words streamed in.
 */
import { afterEach, test } from "node:test";
import assert from "node:assert/strict";
import { realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { WorkspaceCheckpoints, type Checkpoint } from "../../src/acp/checkpoints/workspaceCheckpoints";
import { fakeAgent } from "../support/fakeAgentLaunch";
import { Cleanup, startedChat } from "../support/hostHarness";
import { DiskFiles, ScriptedConsent } from "../support/diskFiles";
import { fixedWorkspace } from "../support/memoryPorts";
import { waitFor } from "../support/waitFor";
import { scratchDir } from "../support/scratchDir";
import { gitOnPath } from "../support/scratchCheckpoints";

const cleanup = new Cleanup();
afterEach(() => cleanup.run());

/** The workspace's checkpoints, noting the turn's phase each time the budget is checked or the stat data refreshed. */
class RecordingCheckpoints extends WorkspaceCheckpoints {
  readonly budgetChecks: string[] = [];
  readonly refreshes: string[] = [];
  phase: () => string = () => "no session yet";
  override refreshStatData(): Promise<void> {
    this.refreshes.push(this.phase());
    return super.refreshStatData();
  }
  override prune(budgetBytes: number): Promise<Checkpoint[]> {
    this.budgetChecks.push(this.phase());
    return super.prune(budgetBytes);
  }
}

test("each turn's checkpoint is followed by one check of the storage budget and one refresh, once the turn has ended", async () => {
  const dir = realpathSync(scratchDir("acp-budget-after-turn-"));
  writeFileSync(join(dir, "notes.md"), "a file\n");
  const checkpoints = new RecordingCheckpoints({
    git: gitOnPath(dir),
    storage: scratchDir("acp-budget-after-turn-storage-"),
    folders: () => [dir],
  });
  const { chat } = await startedChat(cleanup, [fakeAgent("Budget").launch], {
    workspace: fixedWorkspace(dir),
    ports: { files: new DiskFiles(), consent: new ScriptedConsent() },
    checkpoints,
    checkpointBudgetBytes: () => 1024 * 1024 * 1024,
  });
  checkpoints.phase = () => chat.store.state.thread.turn.phase;
  for (const [turn, text] of ["hello", "again"].entries()) {
    await chat.prompt(text);
    await waitFor(
      () => checkpoints.budgetChecks,
      (checks) => checks.length === turn + 1,
      `the budget checked after turn ${turn + 1}`,
    );
    assert.ok(
      chat.store.state.thread.entries.some((entry) => entry.kind === "user" && entry.text === text && entry.checkpoint),
      "the turn had its checkpoint",
    );
  }
  assert.deepEqual(checkpoints.budgetChecks, ["idle", "idle"]);
  assert.deepEqual(checkpoints.refreshes, ["idle", "idle"]);
});
