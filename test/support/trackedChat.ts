/**
 * A started chat whose agent edits `dir` with its own tools (the fake agent's `own-*` scenarios):
 * files on disk, every consent granted, the turn's checkpoint from `checkpoints`, and "Files
 * changed" fed by node's watcher, as the host's tracker does with VS Code's.
 */
import { trackAgentChanges } from "../../src/acp/sessions/changeTracking";
import type { WorkspaceCheckpoints } from "../../src/acp/checkpoints/workspaceCheckpoints";
import { systemClock } from "../../src/acp/ports";
import { DiskFiles, ScriptedConsent } from "./diskFiles";
import { fakeAgent } from "./fakeAgentLaunch";
import { chatSession, type Cleanup } from "./hostHarness";
import { fixedWorkspace } from "./memoryPorts";
import { nodeWatcher } from "./nodeWatcher";

export async function trackedChat(cleanup: Cleanup, dir: string, checkpoints: WorkspaceCheckpoints) {
  const { chat } = chatSession(cleanup, [fakeAgent("Own tools").launch], {
    workspace: fixedWorkspace(dir),
    ports: { files: new DiskFiles(), consent: new ScriptedConsent() },
    checkpoints,
  });
  const tracker = trackAgentChanges(chat, nodeWatcher(dir), () => [dir], {
    clock: systemClock,
    quietMs: 300,
    maxGraceMs: 3_000,
  });
  cleanup.add(() => tracker.dispose());
  await chat.start();
  return { chat, tracker };
}
