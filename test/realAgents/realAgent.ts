/**
 * Launching Claude Code's ACP adapters (pinned devDependencies) against the fake Anthropic
 * server, each with a private HOME and config dir, a dummy key and every kind of nonessential
 * traffic switched off; and reading what became of their processes.
 */
import { mkdirSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { createRequire } from "node:module";
import type { AgentLaunch } from "../../src/acp/ports";
import { repoRoot } from "../support/fakeAgentLaunch";
import { scratchDir } from "../support/scratchDir";

export type AdapterId = "claude-code-acp" | "claude-agent-acp";

const requireFromRepo = createRequire(join(repoRoot, "package.json"));

/** The adapter's JS entry (its `bin`), resolved from node_modules. */
export function adapterEntry(id: AdapterId): string {
  const manifestPath = requireFromRepo.resolve(`@zed-industries/${id}/package.json`);
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as { bin: Record<string, string> };
  return join(manifestPath, "..", manifest.bin[id]!);
}

export function adapterVersion(id: AdapterId): string {
  return (
    JSON.parse(readFileSync(requireFromRepo.resolve(`@zed-industries/${id}/package.json`), "utf8")) as {
      version: string;
    }
  ).version;
}

/** Per-test directories: a workspace (the session cwd) and a private HOME for the agent. */
export interface AgentDirs {
  readonly root: string;
  readonly workspace: string;
  readonly home: string;
  remove(): void;
}

export function agentDirs(): AgentDirs {
  const root = scratchDir("acp-real-");
  const workspace = join(root, "ws");
  const home = join(root, "home");
  mkdirSync(workspace);
  mkdirSync(join(home, ".claude"), { recursive: true });
  return { root, workspace, home, remove: () => rmSync(root, { recursive: true, force: true }) };
}

/** The environment every adapter gets: nothing reaches the real home or the network. */
export function adapterEnv(baseUrl: string, home: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    HOME: home,
    USERPROFILE: home,
    CLAUDE_CONFIG_DIR: join(home, ".claude"),
    XDG_CONFIG_HOME: join(home, ".config"),
    XDG_CACHE_HOME: join(home, ".cache"),
    XDG_DATA_HOME: join(home, ".local/share"),
    XDG_STATE_HOME: join(home, ".local/state"),
    ANTHROPIC_BASE_URL: baseUrl,
    ANTHROPIC_API_KEY: "sk-test",
    // Running as root, the adapter passes --allow-dangerously-skip-permissions, which the CLI
    // accepts only with IS_SANDBOX exactly "1" (containers often export IS_SANDBOX=yes).
    IS_SANDBOX: "1",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    DISABLE_TELEMETRY: "1",
    DISABLE_AUTOUPDATER: "1",
    DISABLE_ERROR_REPORTING: "1",
    DISABLE_BUG_COMMAND: "1",
    CLAUDE_CODE_ENABLE_TELEMETRY: "0",
    NO_PROXY: "127.0.0.1,localhost",
    ...extra,
  };
}

export function adapterLaunch(
  id: AdapterId,
  baseUrl: string,
  home: string,
  extra: Record<string, string> = {},
): AgentLaunch {
  return { name: id, command: process.execPath, args: [adapterEntry(id)], env: adapterEnv(baseUrl, home, extra) };
}

// ---- Processes (Linux /proc) -----------------------------------------------------------------

interface ProcInfo {
  readonly pid: number;
  readonly ppid: number;
  readonly pgrp: number;
  readonly state: string;
  readonly cmdline: string;
}

function procInfo(pid: number): ProcInfo | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // "pid (comm) state ppid pgrp …"; comm may hold spaces and parentheses.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ").trim();
    return { pid, state: fields[0] ?? "?", ppid: Number(fields[1]), pgrp: Number(fields[2]), cmdline };
  } catch {
    return undefined;
  }
}

function allProcesses(): ProcInfo[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .flatMap((name) => procInfo(Number(name)) ?? []);
}

/** Live (non-zombie) children of this test process whose command line mentions `needle`. */
export function childProcessesRunning(needle: string): number[] {
  return allProcesses()
    .filter((p) => p.ppid === process.pid && p.state !== "Z" && p.cmdline.includes(needle))
    .map((p) => p.pid);
}

/** Live (non-zombie) members of a process group. */
export function groupMembers(pgrp: number): ProcInfo[] {
  return allProcesses().filter((p) => p.pgrp === pgrp && p.state !== "Z");
}

/** Live (non-zombie) descendants of `pid`. */
export function descendants(pid: number): ProcInfo[] {
  const all = allProcesses();
  const out: ProcInfo[] = [];
  const parents = new Set([pid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const p of all) {
      if (!parents.has(p.pid) && parents.has(p.ppid)) {
        parents.add(p.pid);
        if (p.state !== "Z") out.push(p);
        grew = true;
      }
    }
  }
  return out;
}

/** Whether `pid` is running (a zombie counts as gone). */
export function isRunning(pid: number): boolean {
  const info = procInfo(pid);
  return info !== undefined && info.state !== "Z";
}
