/**
 * How tests start the scripted fake agent from its TypeScript source. The source is bundled
 * once with esbuild into a temp file named by a hash of the sources (shared by the test files,
 * rebuilt when a source changes): a plain `node bundle.cjs` starts several times faster than
 * going through the tsx loader, which matters with dozens of agent processes per run.
 * FAKE_AGENT_VIA_TSX=1 runs the source through tsx instead (absolute loader URL: the agent runs
 * in the session cwd, where "tsx" would not resolve).
 */
import { createHash } from "node:crypto";
import { readFileSync, existsSync, readdirSync, renameSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { buildSync } from "esbuild";
import type { AgentLaunch } from "../../src/acp/ports";
import { scratchDir } from "./scratchDir";

export const repoRoot = resolve(import.meta.dirname, "../..");
const fakeAgentDir = join(repoRoot, "test/fakeAgent");
const fakeAgentMain = join(fakeAgentDir, "main.ts");

let bundled: string | undefined;

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
    const out = join(tmpdir(), `acp-panel-fake-agent-${hash.digest("hex").slice(0, 16)}.cjs`);
    if (!existsSync(out)) {
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

export function fakeAgent(name = "Fake", env: Record<string, string> = {}): FakeAgentHandle {
  const logFile = join(scratchDir("acp-fake-"), "wire.jsonl");
  return {
    logFile,
    launch: {
      name,
      command: process.execPath,
      args: fakeAgentArgs(),
      env: { FAKE_AGENT_LOG: logFile, ...env },
    },
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
