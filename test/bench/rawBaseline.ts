/**
 * Runs the UI-less SDK client (rawClient.ts) against the built fake agent: bundled once with
 * esbuild, then one Node 24 process per run, so the baseline runs on the same Node as the
 * extension host and shares nothing with the benchmark runner's event loop.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildSync } from "esbuild";
import { repoRoot } from "../harness/paths";
import type { RawJob, RawResult } from "./rawClient";

let bundle: string | undefined;

function rawClientBundle(): string {
  if (bundle) return bundle;
  const out = join(mkdtempSync(join(tmpdir(), "acp-bench-raw-")), "rawClient.cjs");
  buildSync({ entryPoints: [join(repoRoot, "test/bench/rawClient.ts")], outfile: out, bundle: true, platform: "node", format: "cjs", target: "node20", logLevel: "warning" });
  bundle = out;
  return out;
}

export interface RawRun extends RawResult {
  /** Agent wall clock (FAKE_AGENT_BENCH_LOG) when it wrote the first / last chunk. */
  readonly agentFirstAt?: number;
  readonly agentEndAt?: number;
}

/** One run of the raw client; `benchLog` is a fresh FAKE_AGENT_BENCH_LOG file. */
export function runRaw(job: Omit<RawJob, "env"> & { env?: Record<string, string> }): RawRun {
  const dir = mkdtempSync(join(tmpdir(), "acp-bench-rawlog-"));
  const benchLog = join(dir, "agent-bench.jsonl");
  try {
    const full: RawJob = { ...job, env: { FAKE_AGENT_BENCH_LOG: benchLog, ...job.env } };
    const stdout = execFileSync(job.node, [rawClientBundle(), JSON.stringify(full)], { encoding: "utf8", timeout: 120_000, stdio: ["ignore", "pipe", "inherit"] });
    const result = JSON.parse(stdout.trim().split("\n").pop() ?? "{}") as RawResult;
    const events = readAgentEvents(benchLog);
    return { ...result, ...(events.first === undefined ? {} : { agentFirstAt: events.first }), ...(events.end === undefined ? {} : { agentEndAt: events.end }) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The fake agent's bench milestones (first-chunk, end-chunk) from FAKE_AGENT_BENCH_LOG. */
export interface AgentEvents {
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
  const names: Record<string, keyof AgentEvents> = { "first-chunk": "first", "end-chunk": "end", "agent-started": "started", "load-request": "loadRequest", "load-replayed": "loadReplayed" };
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
