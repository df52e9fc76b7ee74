/**
 * The test files `npm run check` leaves to `npm test` (which runs every file), each with why it is
 * slow: real git, real shells and package managers, spawned agents, or real grace periods to wait
 * out. Chosen by measuring each file alone (CPU and wall time, CONTRIBUTING.md); a file that takes
 * under about 3 s of CPU and waits little stays in `check`. quickCheck.test.ts checks each exists.
 */
const PROPERTY_OVER_GIT = "a property test: random sequences over real git repositories (hundreds of git processes)";
const WORKTREES = "real git worktrees in scratch repositories";
const CHECKPOINTS = "checkpoints of scratch folders taken with real git";
const WAITS = "spawned agents and the real grace periods and timeouts of a stop, a crash or a steer";

export const SLOW_TESTS: Readonly<Record<string, string>> = {
  "test/unit/checkpointProperty.test.ts": PROPERTY_OVER_GIT,
  "test/unit/panelWorktreesProperty.test.ts": PROPERTY_OVER_GIT,
  "test/unit/checkpointBringBack.test.ts": `${PROPERTY_OVER_GIT}, and a day moved by hand`,
  "test/unit/worktrees/worktreeLifecycle.test.ts": WORKTREES,
  "test/unit/worktrees/workspaceApply.test.ts": WORKTREES,
  "test/unit/worktrees/worktreeChanges.test.ts": WORKTREES,
  "test/unit/panelWorktreesApply.test.ts": WORKTREES,
  "test/unit/panelWorktreesRemove.test.ts": WORKTREES,
  "test/unit/worktreeTabs.test.ts": `${WORKTREES}, with the fake agent`,
  "test/unit/checkpointFastPaths.test.ts": CHECKPOINTS,
  "test/unit/checkpointIndexReuse.test.ts": CHECKPOINTS,
  "test/unit/indexCachedTree.test.ts": "indexes of random folders written by real git (hundreds of git processes)",
  "test/unit/workspaceCheckpoints.test.ts": CHECKPOINTS,
  "test/unit/checkpointManifest.test.ts": CHECKPOINTS,
  "test/unit/fakeClientToolsTerminals.test.ts": "real shell commands in agent terminals, killed and timed out",
  "test/unit/presetInstall.test.ts": "npm installs against a registry stand-in on 127.0.0.1",
  "test/unit/packageRunnerLaunch.test.ts": "spawns npx and npm exec",
  "test/unit/fakeRobustness.test.ts": "spawned agents fed bad bytes, huge and very many messages",
  "test/unit/sharedAgentProcess.test.ts": "spawned agent processes shared by tabs, crashed and restarted",
  "test/unit/trafficMemory.test.ts": "measures heap growth, so it needs a process of its own",
  "test/unit/stopUnconfirmed.test.ts": WAITS,
  "test/unit/fakeBubSteeringLate.test.ts": WAITS,
  "test/unit/fakeCodeBuddy.test.ts": WAITS,
  "test/unit/stableSurface.test.ts": WAITS,
  "test/unit/reloadRestore.test.ts": WAITS,
  "test/unit/queueAfterCrash.test.ts": WAITS,
};
