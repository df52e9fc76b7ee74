/**
 * Runs the UI-less clients against the built fake agent: the SDK client (rawClient.ts), the bare
 * NDJSON reader (bareClient.ts) and the panel's host stack (hostClient.ts, and loading the long
 * thread with its journal: hostLoadClient.ts); and the checkpoint
 * workload (checkpointsClient.ts, no agent). Each is bundled once
 * with esbuild, then run in one Node 24 process per run (with --expose-gc, for the heap figure),
 * so it runs on the same Node as the extension host and shares nothing with the benchmark
 * runner's event loop.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildSync } from "esbuild";
import { repoRoot } from "../harness/paths";
import type { RawJob, RawResult } from "./rawClient";
import type { HostJob, HostResult } from "./hostClient";
import type { HostLoadJob, HostLoadResult } from "./hostLoadClient";
import type { CheckpointsJob, CheckpointsResult } from "./checkpointsClient";
import type { ProcessesJob, ProcessesResult } from "./processesClient";
import { scratchDir } from "../support/scratchDir";

export type ClientKind = "raw" | "bare" | "host" | "hostLoad" | "checkpoints" | "processes";

const bundles = new Map<ClientKind, string>();

function clientBundle(kind: ClientKind): string {
  const cached = bundles.get(kind);
  if (cached) return cached;
  const out = join(scratchDir(`acp-bench-${kind}-`), `${kind}Client.cjs`);
  buildSync({
    entryPoints: [join(repoRoot, `test/bench/${kind}Client.ts`)],
    outfile: out,
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    logLevel: "warning",
  });
  bundles.set(kind, out);
  return out;
}

function runClient<T>(kind: ClientKind, node: string, job: unknown, timeoutMs = 180_000): T {
  const stdout = execFileSync(node, ["--expose-gc", clientBundle(kind), JSON.stringify(job)], {
    encoding: "utf8",
    timeout: timeoutMs,
    maxBuffer: 16 * 1024 * 1024,
    stdio: ["ignore", "pipe", "inherit"],
  });
  return JSON.parse(stdout.trim().split("\n").pop() ?? "{}") as T;
}

export interface RawRun extends RawResult {
  /** Agent wall clock (FAKE_AGENT_BENCH_LOG) when it wrote the first / last chunk. */
  readonly agentFirstAt?: number;
  readonly agentEndAt?: number;
}

/** One run of the SDK client (or, with `client: "bare"`, the bare reader); `benchLog` is a fresh FAKE_AGENT_BENCH_LOG file. */
export function runRaw(
  job: Omit<RawJob, "env"> & { env?: Record<string, string> },
  client: "raw" | "bare" = "raw",
): RawRun {
  const dir = mkdtempSync(join(tmpdir(), "acp-bench-rawlog-"));
  const benchLog = join(dir, "agent-bench.jsonl");
  try {
    const full: RawJob = { ...job, env: { FAKE_AGENT_BENCH_LOG: benchLog, ...job.env } };
    const result = runClient<RawResult>(client, job.node, full);
    const events = readAgentEvents(benchLog);
    return {
      ...result,
      ...(events.first === undefined ? {} : { agentFirstAt: events.first }),
      ...(events.end === undefined ? {} : { agentEndAt: events.end }),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface HostRun extends HostResult {
  readonly agentFirstAt?: number;
}

/** One run of the panel's host stack with `sessions` tabs flooding `count` chunks each. */
export function runHost(job: Omit<HostJob, "env">): HostRun {
  const dir = mkdtempSync(join(tmpdir(), "acp-bench-hostlog-"));
  const benchLog = join(dir, "agent-bench.jsonl");
  try {
    const result = runClient<HostResult>("host", job.node, {
      ...job,
      env: { FAKE_AGENT_BENCH_LOG: benchLog },
    } satisfies HostJob);
    const first = firstEvent(benchLog, "first-chunk");
    return { ...result, ...(first === undefined ? {} : { agentFirstAt: first }) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One load of the seeded long thread by the panel's host stack with its journal (hostLoadClient.ts). */
export function runHostLoad(job: HostLoadJob): HostLoadResult {
  return runClient<HostLoadResult>("hostLoad", job.node, job);
}

/** One run of the process-sharing workload: N tabs of one agent, shared or one process per tab. */
export function runProcesses(job: ProcessesJob): ProcessesResult {
  return runClient<ProcessesResult>("processes", job.node, job);
}

/** One run of the checkpoint workload (git on a 10,000-file workspace: minutes on a loaded machine). */
export function runCheckpoints(node: string, job: CheckpointsJob): CheckpointsResult {
  return runClient<CheckpointsResult>("checkpoints", node, job, 900_000);
}

/** The earliest time of `event` in a bench log several agents wrote to. */
function firstEvent(file: string, event: string): number | undefined {
  let text = "";
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
  const times = text
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as { event: string; at: number })
    .filter((e) => e.event === event)
    .map((e) => e.at);
  return times.length ? Math.min(...times) : undefined;
}

/** The fake agent's bench milestones (first-chunk, end-chunk) from FAKE_AGENT_BENCH_LOG. */
export interface AgentEvents {
  /** The agent had read the prompt and began its turn. */
  prompt?: number;
  first?: number;
  end?: number;
  started?: number;
  loadRequest?: number;
  loadReplayed?: number;
}

export function readAgentEvents(file: string): AgentEvents {
  let text = "";
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return {};
  }
  const names: Record<string, keyof AgentEvents> = {
    "prompt-received": "prompt",
    "first-chunk": "first",
    "end-chunk": "end",
    "agent-started": "started",
    "load-request": "loadRequest",
    "load-replayed": "loadReplayed",
  };
  const events: AgentEvents = {};
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    const { event, at } = JSON.parse(line) as { event: string; at: number };
    const name = names[event];
    // The latest of each: the long-thread run starts a second agent for the loaded session.
    if (name !== undefined) events[name] = at;
  }
  return events;
}
