/**
 * Launching the real CodeBuddy Code CLI (2.117.0, bundled in the pinned devDependency
 * `@tencent-ai/agent-sdk@0.3.201`) offline, as an agent definition for the panel's own code:
 * a scratch HOME per run, the marketplace and telemetry off, and either an API key with the fake
 * model's base URL (Recipe A) or the fake platform's endpoint for the login flow (Recipe B).
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import type { AgentDefinition } from "../../src/acp/agents/agentDefinition";
import { scratchDir } from "../support/scratchDir";

export const CODEBUDDY_BIN = resolve(import.meta.dirname, "../../node_modules/@tencent-ai/agent-sdk/cli/bin/codebuddy");

/** Why the real CLI cannot run here, or undefined when it can. */
export function codebuddyMissing(): string | undefined {
  return existsSync(CODEBUDDY_BIN)
    ? undefined
    : `${CODEBUDDY_BIN} is missing: run npm install (devDependency @tencent-ai/agent-sdk@0.3.201)`;
}

export type CodebuddyAccess = { readonly apiBaseUrl: string } | { readonly platformUrl: string };

export function codebuddyDefinition(access: CodebuddyAccess, extraEnv: Record<string, string> = {}): AgentDefinition {
  const home = scratchDir("acp-codebuddy-home-");
  const env: Record<string, string> = {
    HOME: home,
    CODEBUDDY_SKIP_BUILTIN_MARKETPLACE: "1",
    DISABLE_TELEMETRY: "1",
    DISABLE_AUTOUPDATER: "1",
    DISABLE_ERROR_REPORTING: "1",
    CODEBUDDY_REMOTE_CONFIG_DISABLED: "1",
    // Keys of the developer's machine must not leak into the run.
    CODEBUDDY_API_KEY: "",
    CODEBUDDY_AUTH_TOKEN: "",
    CODEBUDDY_BASE_URL: "",
    ...("apiBaseUrl" in access
      ? { CODEBUDDY_API_KEY: "sk-test", CODEBUDDY_BASE_URL: `${access.apiBaseUrl}/v1` }
      : { ACC_PRODUCT_CONFIG_V3: JSON.stringify({ endpoint: access.platformUrl }) }),
    ...extraEnv,
  };
  return {
    name: "CodeBuddy",
    transport: "stdio",
    command: process.execPath,
    args: [CODEBUDDY_BIN, "--acp"],
    env,
    defaultConfig: {},
    mcpServers: [],
  };
}
