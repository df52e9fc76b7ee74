/**
 * The `checkpoints` workload (no VS Code): the panel's checkpoint code (SessionCheckpoints over
 * WorkspaceCheckpoints, real git) on a 10,000-file / ~200 MB workspace (checkpointWorkspace.ts).
 * Bundled and run like the other UI-less clients (rawBaseline.ts: one Node 24 process per run);
 * input CheckpointsJob, output one CheckpointsResult line. The phases, as the panel runs them:
 * - a fresh session in a workspace never checkpointed: what is prepared while its agent starts
 *   (`prepareMs`), then warmUp() and the first prompt at once (beforeTurn): the warm-up's
 *   checkpoint is `firstMs`, the prompt's wait `heldUpMs`;
 * - `turns` turns: 10 files change, the next message's checkpoint (`turnMs`), the agent changes
 *   10 files, the review's sweep (`changedSinceStart`: take + diff, `diffMs`);
 * - `growthTurns` more turns (checkpoint, 10 files change, sweep): the shadow git folder's growth;
 * - then `probedTurns` turns as the panel runs them, with the storage budget: the checkpoint, then
 *   the prune that sums the storage (`pruneMs`), while threadPoolProbe.ts times the thread pool
 *   (`threadPoolWaitMs`: how long a message a remote window sends meanwhile waits for a thread);
 * - a later window on the same workspace (the shadow repository already there): warmUp + beforeTurn.
 * The event loop's delay is sampled all along (monitorEventLoopDelay, 10 ms resolution), so a
 * task over 50 ms on the host's thread shows as `…LongestTaskMs`. On a loaded machine that delay is
 * mostly the thread waiting for a core, so `longestBusyMs` is beside it: the most CPU time the
 * thread itself used between two ticks of a 5 ms timer (process.threadCpuUsage, Node ≥ 23.9).
 */
import { lstatSync, readdirSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { findGit } from "../../src/acp/checkpoints/gitExecutable";
import { SessionCheckpoints } from "../../src/acp/checkpoints/sessionCheckpoints";
import { WorkspaceCheckpoints, type Checkpoint } from "../../src/acp/checkpoints/workspaceCheckpoints";
import type { TakeOptions } from "../../src/acp/checkpoints/shadowRepository";
import type { Logger } from "../../src/acp/ports";
import { DEFAULT_CHECKPOINT_BUDGET_MB } from "../../src/acp/checkpoints/checkpointStorage";
import { editFiles, existingWorkspace, prng } from "./checkpointWorkspace";
import { probeThreadPool } from "./threadPoolProbe";
import { BusySampler, childCpuMs, threadCpuMs } from "./cpuTime";
import { runClient } from "./clientMain";

export interface CheckpointsJob {
  /** A workspace buildWorkspace wrote (runs share one; turns edit it). */
  readonly workspace: string;
  /** An empty folder: the extension's storage (so the first checkpoint is cold). */
  readonly storage: string;
  readonly turns: number;
  readonly growthTurns: number;
  readonly probedTurns: number;
  readonly filesPerTurn: number;
  readonly seed: number;
}

export interface CheckpointsResult {
  readonly files: number;
  readonly firstMs: number;
  readonly heldUpMs: number;
  /** SessionCheckpoints.prepare's work (done while the agent starts): before the first checkpoint is asked for. */
  readonly prepareMs: number;
  readonly firstLongestTaskMs: number;
  readonly firstGitCpuMs: number;
  readonly turnMs: readonly number[];
  readonly diffMs: readonly number[];
  /** git's CPU time (user + system) per turn's checkpoint and per sweep. */
  readonly turnGitCpuMs: readonly number[];
  readonly diffGitCpuMs: readonly number[];
  readonly turnsLongestTaskMs: number;
  /** Each probed turn's prune (the storage summed against the default budget). */
  readonly pruneMs: readonly number[];
  /** The longest a thread-pool task waited during the probed turns' checkpoints and prunes. */
  readonly threadPoolWaitMs: number;
  readonly storageAfterFirstMB: number;
  readonly growthMB: number;
  readonly growthTurns: number;
  readonly reopenFirstMs: number;
  readonly reopenHeldUpMs: number;
  readonly longestTaskMs: number;
  /** The most CPU time (user + system) the thread used without yielding to a 5 ms timer; NaN without threadCpuUsage. */
  readonly longestBusyMs: number;
  /** The 1-minute load average at the start and the end of the run. */
  readonly loadAtStart: number;
  readonly loadAtEnd: number;
}

/** Times every checkpoint it takes, by label. */
class TimedCheckpoints extends WorkspaceCheckpoints {
  readonly takes: Array<{ label: string; ms: number; cpuMs: number }> = [];
  readonly running = new Map<string, Promise<unknown>>();
  readonly prunes: number[] = [];
  pruning: Promise<unknown> = Promise.resolve();

  override prune(budgetBytes: number): Promise<Checkpoint[]> {
    const started = performance.now();
    const pruning = super.prune(budgetBytes).finally(() => this.prunes.push(performance.now() - started));
    this.pruning = pruning;
    return pruning;
  }

  override take(label: string, options?: TakeOptions): Promise<Checkpoint> {
    const taking = this.timedTake(label, options);
    this.running.set(label, taking);
    return taking;
  }

  private async timedTake(label: string, options?: TakeOptions): Promise<Checkpoint> {
    const started = performance.now();
    const cpu = childCpuMs();
    const checkpoint = await super.take(label, options);
    this.takes.push({ label, ms: performance.now() - started, cpuMs: childCpuMs() - cpu });
    return checkpoint;
  }
}

const MB = 1024 * 1024;
const quiet: Logger = {
  info: () => undefined,
  warn: (message) => process.stderr.write(`[checkpoints] ${message}\n`),
  error: (message) => process.stderr.write(`[checkpoints] ${message}\n`),
  traffic: () => undefined,
  agentStderr: () => undefined,
};

/** Apparent size of every file below `dir` (a ref's lock file may come and go meanwhile: not counted). */
function folderBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    total += entry.isDirectory() ? folderBytes(path) : (lstatSync(path, { throwIfNoEntry: false })?.size ?? 0);
  }
  return total;
}

function session(store: WorkspaceCheckpoints, budgetBytes?: number): SessionCheckpoints {
  let ids = 0;
  return new SessionCheckpoints({
    store,
    ...(budgetBytes === undefined ? {} : { budgetBytes: () => budgetBytes }),
    dispatch: () => undefined,
    newId: () => `n${++ids}`,
    logger: quiet,
    enabled: () => true,
  });
}

async function run(job: CheckpointsJob): Promise<CheckpointsResult> {
  const { workspace: folder, storage } = job;
  const workspace = existingWorkspace(folder);
  const git = await findGit(process.env.PATH, [folder]);
  const random = prng(job.seed + 1);
  const open = () => new TimedCheckpoints({ git: () => Promise.resolve(git), storage, folders: () => [folder] });

  // Sampled only while checkpoint code runs: the benchmark's own synchronous work (writing the
  // edits, summing the storage) is not the host's.
  const loadAtStart = loadavg()[0]!;
  const delay = monitorEventLoopDelay({ resolution: 10 });
  const busy = new BusySampler();
  let longest = 0;
  const phaseLongest = () => {
    const ms = delay.max / 1e6;
    longest = Math.max(longest, ms);
    delay.reset();
    return ms;
  };
  const sampled = async <T>(work: Promise<T>): Promise<T> => {
    delay.enable();
    busy.enable();
    try {
      return await work;
    } finally {
      delay.disable();
      busy.disable();
    }
  };

  // A new session, the first prompt right after it opened. What the panel does while the agent
  // starts (SessionCheckpoints.prepare: git's thread, the shadow repository) is done by then: the
  // agent's start-up (a process, initialize, session/new) takes longer. Timed apart, `prepareMs`.
  const store = open();
  const checkpoints = session(store);
  let started = performance.now();
  await store.prepare();
  const prepareMs = performance.now() - started;
  delay.enable();
  busy.enable();
  checkpoints.warmUp();
  started = performance.now();
  await sampled(checkpoints.beforeTurn("e0"));
  const heldUpMs = performance.now() - started;
  // The prompt went on while the first checkpoint ran: the turns below start once both are built.
  await sampled(store.running.get("session opened") ?? Promise.resolve());
  await sampled(store.settled(...store.all()));
  const first = store.takes.find((t) => t.label === "session opened");
  if (!checkpoints.hasCheckpoint("e0")) throw new Error("the first prompt got no checkpoint");
  const firstLongestTaskMs = phaseLongest();
  const gitDir = join(storage, "checkpoints");
  const storageAfterFirstMB = folderBytes(gitDir) / MB;

  const turnMs: number[] = [];
  const diffMs: number[] = [];
  const turnGitCpuMs: number[] = [];
  const diffGitCpuMs: number[] = [];
  for (let turn = 1; turn <= job.turns; turn++) {
    editFiles(workspace, random, job.filesPerTurn, `before turn ${turn}`);
    let cpu = childCpuMs();
    started = performance.now();
    await sampled(checkpoints.beforeTurn(`t${turn}`));
    turnMs.push(performance.now() - started);
    turnGitCpuMs.push(childCpuMs() - cpu);
    editFiles(workspace, random, job.filesPerTurn, `turn ${turn}`);
    cpu = childCpuMs();
    started = performance.now();
    const changed = await sampled(checkpoints.baseline()!.changedSinceStart());
    diffMs.push(performance.now() - started);
    diffGitCpuMs.push(childCpuMs() - cpu);
    if (changed.length !== job.filesPerTurn)
      throw new Error(`turn ${turn}: the sweep found ${changed.length} changed files, not ${job.filesPerTurn}`);
  }
  const turnsLongestTaskMs = phaseLongest();

  const before = folderBytes(gitDir);
  for (let turn = 1; turn <= job.growthTurns; turn++) {
    await sampled(checkpoints.beforeTurn(`g${turn}`));
    editFiles(workspace, random, job.filesPerTurn, `growth turn ${turn}`);
    await sampled(checkpoints.baseline()!.changedSinceStart());
  }
  const growthMB = (folderBytes(gitDir) - before) / MB;
  phaseLongest();

  // As the panel runs a turn: its checkpoint, then the prune against the default budget, which
  // sums the storage: after the growth turns, thousands of loose objects, as after a long day.
  const budgeted = session(store, DEFAULT_CHECKPOINT_BUDGET_MB * MB);
  let threadPoolWaitMs = 0;
  for (let turn = 1; turn <= job.probedTurns; turn++) {
    editFiles(workspace, random, job.filesPerTurn, `probed turn ${turn}`);
    const probe = probeThreadPool();
    await budgeted.beforeTurn(`p${turn}`);
    await store.pruning;
    threadPoolWaitMs = Math.max(threadPoolWaitMs, probe.stop());
  }
  phaseLongest();

  // A later window: the shadow repository (and its index) is already in the storage.
  const again = open();
  const reopened = session(again);
  await again.prepare();
  delay.enable();
  busy.enable();
  reopened.warmUp();
  started = performance.now();
  await sampled(reopened.beforeTurn("r0"));
  const reopenHeldUpMs = performance.now() - started;
  const reopenFirstMs = again.takes.find((t) => t.label === "session opened")?.ms ?? NaN;
  phaseLongest();

  return {
    files: workspace.files,
    firstMs: first?.ms ?? NaN,
    firstGitCpuMs: first?.cpuMs ?? NaN,
    heldUpMs,
    prepareMs,
    firstLongestTaskMs,
    turnMs,
    diffMs,
    turnGitCpuMs,
    diffGitCpuMs,
    turnsLongestTaskMs,
    pruneMs: store.prunes,
    threadPoolWaitMs,
    storageAfterFirstMB,
    growthMB,
    growthTurns: job.growthTurns,
    reopenFirstMs,
    reopenHeldUpMs,
    longestTaskMs: longest,
    longestBusyMs: Number.isFinite(threadCpuMs()) ? busy.longest : NaN,
    loadAtStart,
    loadAtEnd: loadavg()[0]!,
  };
}

runClient("checkpoints", run);
