/** How tests start the scripted fake agent straight from its TypeScript source (via tsx). */
import { mkdtempSync, readFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import type { AgentLaunch } from "../../src/acp/ports";

export const repoRoot = resolve(import.meta.dirname, "../..");
const tsxLoader = pathToFileURL(createRequire(join(repoRoot, "package.json")).resolve("tsx")).href;

export interface FakeAgentHandle {
  readonly launch: AgentLaunch;
  /** The JSONL wire log the fake agent appends to. */
  readonly logFile: string;
  /** The JSON-RPC messages the agent received, parsed. */
  received(): Array<{ method?: string; id?: unknown; params?: unknown; result?: unknown; error?: unknown }>;
}

export function fakeAgent(name = "Fake", env: Record<string, string> = {}): FakeAgentHandle {
  const logFile = join(mkdtempSync(join(tmpdir(), "acp-fake-")), "wire.jsonl");
  return {
    logFile,
    launch: {
      name,
      command: process.execPath,
      // Absolute loader URL: the agent runs in the session cwd, where "tsx" would not resolve.
      args: ["--import", tsxLoader, join(repoRoot, "test/fakeAgent/main.ts")],
      env: { FAKE_AGENT_LOG: logFile, ...env },
    },
    received() {
      if (!existsSync(logFile)) return [];
      return readFileSync(logFile, "utf8")
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { direction: string; line: string })
        .filter((entry) => entry.direction === "in")
        .map((entry) => JSON.parse(entry.line));
    },
  };
}
