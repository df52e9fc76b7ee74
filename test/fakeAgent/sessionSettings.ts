/**
 * The fake agent's session settings, per profile: session/set_config_option (Bub's values checked,
 * as Bub does) and session/set_mode (answered the way each imitated agent does).
 */
import { internalError, methodNotFound } from "./wire";
import { bubConfigOptions, bubConfigValues, quirkConfigOptions } from "./profiles";
import { codebuddyConfigOptions } from "./codebuddy";
import { requireSession } from "./sessionLifecycle";
import type { AgentConnection } from "./agent";

type Params = Record<string, unknown>;

export function setConfigOption(connection: AgentConnection, params: Params): object {
  const sessionId = requireSession(params);
  const { configId, value } = params;
  const profile = connection.world.options.profile;
  if (profile === "default") throw methodNotFound("session/set_config_option");
  if (profile === "codebuddy") {
    const stored = connection.world.store.update(
      sessionId,
      (existing) => existing && { ...existing, config: { ...existing.config, [String(configId)]: String(value) } },
    );
    return { configOptions: codebuddyConfigOptions(stored?.config ?? {}) };
  }
  if (profile === "quirks") {
    const stored = connection.world.store.update(
      sessionId,
      (existing) => existing && { ...existing, config: { ...existing.config, [String(configId)]: String(value) } },
    );
    return { configOptions: quirkConfigOptions(stored?.config ?? {}) };
  }
  const values = bubConfigValues(connection.world.options);
  if (typeof configId !== "string" || !(configId in values))
    throw internalError(`unknown ACP config option: ${String(configId)}`);
  if (typeof value !== "string" || !values[configId]!.includes(value))
    throw internalError(`invalid value for ACP config option ${configId}: ${String(value)}`);
  const stored = connection.world.store.update(sessionId, (existing) => ({
    ...(existing ?? { sessionId, cwd: "/", listed: true, history: [], updatedAt: "" }),
    config: { ...existing?.config, [configId]: value },
  }))!;
  return { configOptions: bubConfigOptions(connection.world.options, stored.config) };
}

/** Q12 (codex): `set_mode` answers `{}` and reports the change as `config_option_update` only. */
export function setMode(connection: AgentConnection, params: Params): object {
  const sessionId = requireSession(params);
  if (connection.world.options.profile === "codebuddy") {
    connection.world.store.update(
      sessionId,
      (existing) => existing && { ...existing, config: { ...existing.config, mode: String(params.modeId) } },
    );
    connection.peer.notify("session/update", {
      sessionId,
      update: { sessionUpdate: "current_mode_update", currentModeId: String(params.modeId) },
    });
    return {};
  }
  if (connection.world.options.profile !== "quirks") throw methodNotFound("session/set_mode");
  const stored = connection.world.store.update(
    sessionId,
    (existing) =>
      existing && { ...existing, config: { ...existing.config, mode: String(params.modeId), approval: "allow_all" } },
  );
  connection.peer.notify("session/update", {
    sessionId,
    update: { sessionUpdate: "config_option_update", configOptions: quirkConfigOptions(stored?.config ?? {}) },
  });
  return {};
}
