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
 * - a later window on the same workspace (the shadow repository already there): warmUp + beforeTurn.
 * The event loop's delay is sampled all along (monitorEventLoopDelay, 10 ms resolution), so a
 * task over 50 ms on the host's thread shows as `…LongestTaskMs`. On a loaded machine that delay is
 * mostly the thread waiting for a core, so `longestBusyMs` is beside it: the most CPU time the
 * thread itself used between two ticks of a 5 ms timer (process.threadCpuUsage, Node ≥ 23.9).
 */
import { lstatSync, readFileSync, readdirSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { findGit } from "../../src/acp/checkpoints/gitExecutable";
import { SessionCheckpoints } from "../../src/acp/checkpoints/sessionCheckpoints";
import { WorkspaceCheckpoints, type Checkpoint } from "../../src/acp/checkpoints/workspaceCheckpoints";
import type { TakeOptions } from "../../src/acp/checkpoints/shadowRepository";
import type { Logger } from "../../src/acp/ports";
import { editFiles, existingWorkspace, prng } from "./checkpointWorkspace";
import { runClient } from "./clientMain";

export interface CheckpointsJob {
  /** A workspace buildWorkspace wrote (runs share one; turns edit it). */
  readonly workspace: string;
  /** An empty folder: the extension's storage (so the first checkpoint is cold). */
  readonly storage: string;
  readonly turns: number;
  readonly growthTurns: number;
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

/**
 * CPU time of the finished child processes (git), from /proc/self/stat's cutime + cstime (Linux;
 * 10 ms ticks): the load-independent side of a checkpoint's wall-clock time. NaN elsewhere.
 */
function childCpuMs(): number {
  try {
    const stat = readFileSync("/proc/self/stat", "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[13]) + Number(fields[14])) * 10; // fields 16 and 17 of proc(5), at 100 Hz
  } catch {
    return NaN;
  }
}

/** The host thread's own CPU time in ms (NaN before Node 23.9). */
function threadCpuMs(): number {
  const usage = (process as { threadCpuUsage?: () => { user: number; system: number } }).threadCpuUsage?.();
  return usage ? (usage.user + usage.system) / 1000 : NaN;
}

/** While enabled, the most thread CPU time spent between two ticks of a 5 ms timer. */
class BusySampler {
  private timer: NodeJS.Timeout | undefined;
  private lastCpu = NaN;
  longest = 0;

  enable(): void {
    if (this.timer) return;
    this.lastCpu = threadCpuMs();
    this.timer = setInterval(() => {
      const cpu = threadCpuMs();
      this.longest = Math.max(this.longest, cpu - this.lastCpu);
      this.lastCpu = cpu;
    }, 5);
  }

  disable(): void {
    if (!this.timer) return;
    clearInterval(this.timer);
    this.timer = undefined;
    const cpu = threadCpuMs();
    this.longest = Math.max(this.longest, cpu - this.lastCpu);
  }
}

/** Times every checkpoint it takes, by label. */
class TimedCheckpoints extends WorkspaceCheckpoints {
  readonly takes: Array<{ label: string; ms: number; cpuMs: number }> = [];
  readonly running = new Map<string, Promise<unknown>>();

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

function session(store: WorkspaceCheckpoints): SessionCheckpoints {
  let ids = 0;
  return new SessionCheckpoints({
    store,
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
