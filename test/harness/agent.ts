/**
 * The Demo Agent as the extension sees it (user settings pointing at the scripted fake agent) and
 * the fake agent's wire log (FAKE_AGENT_LOG: one JSON line per JSON-RPC line in or out).
 */
import { existsSync, readFileSync } from "node:fs";
import { fakeAgentScript } from "./paths";
import { ensureTools } from "./tools";

export const DEMO_AGENT = "Demo Agent";

/**
 * User settings that make "Demo Agent" (the fake agent on the extension host's Node 24) the
 * default agent. `logFile` turns on the agent's wire log.
 */
export function demoAgentSettings(options: { logFile?: string } = {}): Record<string, unknown> {
  if (!existsSync(fakeAgentScript)) throw new Error(`${fakeAgentScript} is missing: run \`node esbuild.mjs\` first`);
  const agent: Record<string, unknown> = { command: ensureTools().nodePath, args: [fakeAgentScript] };
  if (options.logFile) agent.env = { FAKE_AGENT_LOG: options.logFile };
  return { "acpPanel.agents": { [DEMO_AGENT]: agent }, "acpPanel.defaultAgent": DEMO_AGENT };
}

export interface WireMessage {
  readonly id?: string | number | null;
  readonly method?: string;
  readonly params?: Record<string, unknown>;
  readonly result?: Record<string, unknown> | null;
  readonly error?: unknown;
}

export interface WireLine {
  readonly at: number;
  readonly direction: "in" | "out";
  readonly line: string;
  /** `line` parsed, or undefined when it is not JSON. */
  readonly message: WireMessage | undefined;
}

/** The wire log so far ([] before the agent writes it; a line still being appended is skipped). */
export function readWireLog(file: string): WireLine[] {
  if (!existsSync(file)) return [];
  const lines: WireLine[] = [];
  for (const text of readFileSync(file, "utf8").split("\n")) {
    if (!text.trim()) continue;
    let entry: { at: number; direction: "in" | "out"; line: string };
    try {
      entry = JSON.parse(text) as typeof entry;
    } catch {
      continue;
    }
    let message: WireMessage | undefined;
    try {
      message = JSON.parse(entry.line) as WireMessage;
    } catch {
      message = undefined;
    }
    lines.push({ ...entry, message });
  }
  return lines;
}
