/**
 * How tests start the scripted fake agent. `fakeAgent` runs it in the test's own process, behind
 * the client's transport seam (memoryTransport.ts): the session-logic tests use it. `fakeAgentProcess`
 * spawns it, for the tests where the process matters (exit, signals, stderr, stdio framing, stop).
 *
 * A spawned agent runs from its TypeScript source, bundled once with esbuild into a file named by a
 * hash of the sources (shared by the test files, rebuilt when a source changes): a plain `node
 * bundle.cjs` starts several times faster than going through the tsx loader.
 * The bundle lives in the clone's git-ignored `.cache/fake-agent/` (0700, checked to be ours),
 * never in the shared temp folder: there another local user could plant the file the tests run.
 * FAKE_AGENT_VIA_TSX=1 runs the source through tsx instead (absolute loader URL: the agent runs
 * in the session cwd, where "tsx" would not resolve).
 */
import { createHash } from "node:crypto";
import {
  chmodSync,
  readFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
} from "node:fs";
import { join, resolve } from "node:path";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { buildSync } from "esbuild";
import type { AgentLaunch } from "../../src/acp/ports";
import { scratchDir } from "./scratchDir";
import { MEMORY_AGENT_COMMAND } from "./memoryTransport";

export const repoRoot = resolve(import.meta.dirname, "../..");
const fakeAgentDir = join(repoRoot, "test/fakeAgent");
const fakeAgentMain = join(fakeAgentDir, "main.ts");

let bundled: string | undefined;
/** Bundles of older sources are removed once they are this old (a run in progress may still use one). */
const STALE_BUNDLE_MS = 60 * 60 * 1000;

/**
 * `<repo>/.cache/fake-agent`, created 0700. Fails closed when it is a symlink, not ours, or open to
 * others: the tests would run whatever such a folder holds.
 */
function bundleDir(): string {
  const dir = join(repoRoot, ".cache/fake-agent");
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const info = lstatSync(dir);
  const ours = process.getuid === undefined || info.uid === process.getuid();
  if (!info.isDirectory() || !ours || (info.mode & 0o077) !== 0)
    throw new Error(`${dir} must be a folder of this user with mode 0700: refusing to run a fake agent from it`);
  return dir;
}

function pruneStaleBundles(dir: string, keep: string): void {
  for (const name of readdirSync(dir)) {
    const file = join(dir, name);
    if (file === keep || !name.startsWith("fake-agent-")) continue;
    try {
      if (Date.now() - statSync(file).mtimeMs > STALE_BUNDLE_MS) rmSync(file, { force: true });
    } catch {
      // raced with another test process
    }
  }
}

/** node arguments that run the fake agent's main.ts. */
function fakeAgentArgs(): string[] {
  if (process.env.FAKE_AGENT_VIA_TSX) {
    return [
      "--import",
      pathToFileURL(createRequire(join(repoRoot, "package.json")).resolve("tsx")).href,
      fakeAgentMain,
    ];
  }
  if (!bundled) {
    const hash = createHash("sha256");
    for (const file of readdirSync(fakeAgentDir).sort()) {
      const { mtimeMs, size } = statSync(join(fakeAgentDir, file));
      hash.update(`${file}:${mtimeMs}:${size};`);
    }
    const dir = bundleDir();
    const out = join(dir, `fake-agent-${hash.digest("hex").slice(0, 16)}.cjs`);
    if (!existsSync(out)) {
      pruneStaleBundles(dir, out);
      const temp = `${out}.${process.pid}.tmp`;
      buildSync({
        entryPoints: [fakeAgentMain],
        outfile: temp,
        bundle: true,
        platform: "node",
        format: "cjs",
        target: "node20",
        sourcemap: "inline",
        logLevel: "warning",
      });
      chmodSync(temp, 0o600);
      renameSync(temp, out);
    }
    bundled = out;
  }
  return [bundled];
}

export interface WireMessage {
  method?: string;
  id?: unknown;
  params?: unknown;
  result?: unknown;
  error?: unknown;
}

export interface FakeAgentHandle {
  readonly launch: AgentLaunch;
  /** The JSONL wire log the fake agent appends to. */
  readonly logFile: string;
  /** The JSON-RPC messages the agent received, parsed. */
  received(): WireMessage[];
  /** The JSON-RPC objects the agent wrote (lines over 1 MiB are summarised by the agent). */
  sent(): WireMessage[];
  /** Every line the agent wrote, raw. */
  sentLines(): string[];
  /** Decisions the agent made that send nothing ("title s1: none (not a Lody client)"), in order. */
  notes(): string[];
}

/** A fresh path for FAKE_AGENT_STATE, shared by the agent processes a test starts. */
export function tempStatePath(): string {
  return join(scratchDir("acp-state-"), "sessions.json");
}

/**
 * The fake agent in the test's own process: its launch opens in memory through `testTransports`
 * (memoryTransport.ts), which hostHarness and memoryManager pass as the `openTransport` dep.
 */
export function fakeAgent(name = "Fake", env: Record<string, string> = {}): FakeAgentHandle {
  return fakeAgentHandle(name, MEMORY_AGENT_COMMAND, [], env);
}

/** The fake agent as a child process, for tests of what a process does. */
export function fakeAgentProcess(name = "Fake", env: Record<string, string> = {}): FakeAgentHandle {
  return fakeAgentHandle(name, process.execPath, fakeAgentArgs(), env);
}

function fakeAgentHandle(name: string, command: string, args: string[], env: Record<string, string>): FakeAgentHandle {
  const logFile = join(scratchDir("acp-fake-"), "wire.jsonl");
  return {
    logFile,
    launch: { name, command, args, env: { FAKE_AGENT_LOG: logFile, ...env } },
    received() {
      return logLines(logFile, "in").map((line) => JSON.parse(line) as WireMessage);
    },
    sent() {
      return logLines(logFile, "out").flatMap((line) => {
        try {
          const value: unknown = JSON.parse(line);
          return typeof value === "object" && value !== null && !Array.isArray(value) ? [value as WireMessage] : [];
        } catch {
          return [];
        }
      });
    },
    sentLines: () => logLines(logFile, "out"),
    notes: () => logLines(logFile, "note"),
  };
}

function logLines(logFile: string, direction: "in" | "out" | "note"): string[] {
  if (!existsSync(logFile)) return [];
  return readFileSync(logFile, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { direction: string; line: string })
    .filter((entry) => entry.direction === direction)
    .map((entry) => entry.line);
}
