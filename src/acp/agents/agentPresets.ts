/**
 * Built-in agent presets. A settings entry with the same name replaces a preset whole.
 * Bub is presented as a Lody-compatible client: Bub sends generated titles and its `_meta.lody`
 * capabilities (steering, subagent events) only to clients whose name starts with "lody".
 */
import type { AgentDefinition } from "./agentDefinition";

const preset = (
  name: string,
  command: string,
  args: string[],
  extra: Partial<AgentDefinition> = {},
): AgentDefinition => ({
  name,
  transport: "stdio",
  command,
  args,
  env: {},
  defaultConfig: {},
  mcpServers: [],
  preset: true,
  ...extra,
});

export const agentPresets: readonly AgentDefinition[] = [
  preset("Claude", "claude-agent-acp", []),
  preset("Codex", "codex-acp", []),
  preset("Gemini CLI", "gemini", ["--acp"]),
  preset("OpenCode", "opencode", ["acp"]),
  preset("Copilot CLI", "copilot", ["--acp"]),
  preset("Qwen Code", "qwen", ["--acp"]),
  preset("Bub", "bub", ["acp"], {
    clientInfo: { name: "lody-acp-panel", title: "ACP Panel (Lody-compatible)", version: "0.1.0" },
  }),
  preset("CodeBuddy", "codebuddy", ["--acp"]),
  // Block's goose speaks ACP natively (`goose acp`, since 1.8.0); a binary, installed by the user.
  preset("goose", "goose", ["acp"]),
];
