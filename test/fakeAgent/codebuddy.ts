/**
 * The `codebuddy` profile's session-level behaviour (docs/reference/bub-and-lody.md §14, docs/reference/codebuddy-offline.md):
 * login through `authenticate` (a `_codebuddy.ai/authUrl` notification, then the user info), the
 * -32000 every session call fails with before it, and the session state (models, modes, config).
 */
import { RpcError } from "./wire";
import type { AgentConnection } from "./agent";

/** -32000 with `data.category:"auth"` until signed in (FAKE_AGENT_AUTH=required). */
export function requireCodebuddyAuth(connection: AgentConnection): void {
  const { world } = connection;
  if (world.options.profile !== "codebuddy" || !world.options.authRequired || world.authenticated) return;
  throw new RpcError(-32000, "Authentication required", { category: "auth" });
}

/** `external` signs in (after the auth URL notification, about as the real one polls); other methods need a browser. */
export async function codebuddyAuthenticate(
  connection: AgentConnection,
  params: Record<string, unknown>,
): Promise<object> {
  const methodId = params.methodId;
  if (methodId !== "external") throw new RpcError(-32000, "Authentication failed", { category: "auth", methodId });
  connection.peer.notify("_codebuddy.ai/authUrl", {
    authUrl: "http://127.0.0.1:9/login?state=st-test",
    provider: "external",
  });
  await new Promise((resolve) => setTimeout(resolve, 100));
  connection.world.authenticated = true;
  return { _meta: { "codebuddy.ai/userinfo": { authType: "local", nickname: "Test User" } } };
}

const MODES = [
  { id: "default", name: "Default", description: "Ask before edits and commands" },
  { id: "acceptEdits", name: "Accept Edits" },
  { id: "bypassPermissions", name: "Bypass Permissions" },
  { id: "plan", name: "Plan" },
];
const MODELS = [
  { modelId: "default-model", name: "Default" },
  { modelId: "gemini-3.1-pro", name: "Gemini 3.1 Pro" },
];

export function codebuddyConfigOptions(config: Record<string, string>): object[] {
  return [
    {
      type: "select",
      id: "model",
      name: "Model",
      category: "model",
      currentValue: config.model ?? "default-model",
      options: MODELS.map((model) => ({ value: model.modelId, name: model.name })),
    },
    {
      type: "select",
      id: "mode",
      name: "Mode",
      category: "mode",
      currentValue: config.mode ?? "default",
      options: MODES.map((mode) => ({ value: mode.id, name: mode.name })),
    },
  ];
}

/** `session/new` result fields besides the id: legacy models and modes, and config options. */
export function codebuddySessionState(config: Record<string, string>): object {
  return {
    models: { currentModelId: config.model ?? "default-model", availableModels: MODELS },
    modes: { currentModeId: config.mode ?? "default", availableModes: MODES },
    configOptions: codebuddyConfigOptions(config),
  };
}
