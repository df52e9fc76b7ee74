/**
 * The product's checkpoint and review parts wired as in a session, over a real folder (a git
 * repository with one commit) and a real shadow repository, for the checkpoint property
 * (test/unit/checkpointProperty.test.ts) to drive step by step.
 *
 * CHECKPOINT_PROPERTY_BASELINE=head gives the review its former "before" (git HEAD) and takes no
 * checkpoint before an undo: the property fails with it.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { AgentFileChanges } from "../../src/acp/sessions/agentFileChanges";
import { AgentActivity } from "../../src/acp/sessions/agentActivity";
import { ChangeReview } from "../../src/acp/sessions/changeReview";
import { PanelStore } from "../../src/acp/sessions/panelStore";
import { SessionCheckpoints } from "../../src/acp/checkpoints/sessionCheckpoints";
import { WorkspaceCheckpoints, diskIo } from "../../src/acp/checkpoints/workspaceCheckpoints";
import { CLOCK_MARGIN_MS } from "../../src/acp/checkpoints/manifestCheckpoint";
import type { TurnBaseline } from "../../src/acp/checkpoints/turnBaseline";
import { systemClock } from "../../src/acp/ports";
import { DiskFiles } from "./diskFiles";
import { MemoryLogger } from "./memoryPorts";
import { scratchDir } from "./scratchDir";
import { gitOnPath } from "./scratchCheckpoints";
import { PROPERTY_MAX_FILE_BYTES } from "./checkpointSteps";

/** A file's text, null when there is none. */
export const read = (path: string): string | null => (existsSync(path) ? readFileSync(path, "utf8") : null);

/** The former "before": the file at git HEAD (for the sabotage run). */
function headBaseline(dir: string): TurnBaseline {
  return {
    fileAt: async (path) => {
      try {
        const content = execFileSync("git", ["show", `HEAD:${relative(dir, path)}`], { cwd: dir });
        return { kind: "file", content };
      } catch {
        return { kind: "absent" };
      }
    },
    changedSinceStart: async () => [],
  };
}

/**
 * The folder, its checkpoints, the panel, the review and the agent's file changes. `warmFirst` adds
 * over 500 files, written before the session opens (outside the clock margin). `confirmations.answer`
 * is what the review's questions (Undo or Redo over a later change) are answered.
 */
export async function checkpointRig(warmFirst: boolean) {
  const dir = realpathSync(scratchDir("acp-prop-ws-"));
  execFileSync("git", ["init", "-q"], { cwd: dir });
  writeFileSync(join(dir, "a.txt"), "committed\n");
  execFileSync("git", ["-c", "user.name=U", "-c", "user.email=u@x.invalid", "add", "."], { cwd: dir });
  execFileSync("git", ["-c", "user.name=U", "-c", "user.email=u@x.invalid", "commit", "-qm", "init"], { cwd: dir });
  if (warmFirst) {
    // More files than a checkpoint names one by one: the first checkpoint adds the whole folder,
    // and the first prompt's checkpoint is taken from the list of files meanwhile.
    mkdirSync(join(dir, "filler"));
    for (let i = 0; i < 520; i++) writeFileSync(join(dir, "filler", `f${i}.txt`), `filler ${i}\n`);
    // Written before the session opened, not in the instant the prompt is sent (the clock margin).
    const written = Date.now();
    while (Date.now() <= written + CLOCK_MARGIN_MS + 1) await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const store = new WorkspaceCheckpoints({
    git: gitOnPath(dir),
    storage: scratchDir("acp-prop-storage-"),
    folders: () => [dir],
    maxFileBytes: PROPERTY_MAX_FILE_BYTES,
  });
  const panel = new PanelStore();
  let id = 0;
  const checkpoints = new SessionCheckpoints({
    store,
    dispatch: (action) => panel.dispatch(action),
    newId: () => `e${++id}`,
    logger: new MemoryLogger(),
    enabled: () => true,
    io: diskIo,
    // The property is about bytes: a checkpoint slowed by a loaded machine must not send a message
    // without one (checkpointTurnWait.test.ts covers that path).
    turnWaitMs: 600_000,
  });
  const review = new ChangeReview((action) => panel.dispatch(action), new DiskFiles());
  /** What the next of the review's questions is answered. */
  const confirmations = { answer: true };
  review.safety = {
    // The former review took no checkpoint before an undo.
    beforeUndo: (path) =>
      process.env.CHECKPOINT_PROPERTY_BASELINE === "head" ? Promise.resolve() : checkpoints.beforeUndo(path),
    merge: (ours, base, theirs) => store.merge(ours, base, theirs),
    confirm: async () => confirmations.answer,
  };
  const activity = new AgentActivity(panel, systemClock);
  const sabotage = process.env.CHECKPOINT_PROPERTY_BASELINE === "head";
  const changes = new AgentFileChanges(
    () => review,
    undefined,
    () => [dir],
    () => (sabotage ? headBaseline(dir) : checkpoints.baseline()),
    activity,
  );
  return { dir, store, panel, checkpoints, review, activity, changes, confirmations };
}
