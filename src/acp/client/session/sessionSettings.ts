/**
 * A session's settings: its config options and its legacy modes. Every response that carries
 * them (`session/new`, `load`, `resume`, `set_config_option`) holds the complete state, which
 * replaces the thread's; a response with neither leaves the thread's as it is. An agent's
 * `defaultConfig` is applied after `session/new`, only with values the agent offers.
 */
import type * as acp from "@agentclientprotocol/sdk";
import type { SessionContext } from "./sessionContext";
import { describeRequestError } from "../connection/agentErrors";
import { configOptionsSchema, modeStateSchema } from "../../../shared/thread/sessionUpdate";
import { english } from "../../../shared/l10n";

export function applySessionState(
  context: SessionContext,
  response: { configOptions?: unknown; modes?: unknown },
): void {
  const configOptions = configOptionsSchema.safeParse(response.configOptions ?? undefined);
  const modes = modeStateSchema.safeParse(response.modes ?? undefined);
  if (!configOptions.success && !modes.success) return;
  context.sink({
    type: "session/state",
    ...(configOptions.success ? { configOptions: configOptions.data } : {}),
    ...(modes.success ? { modes: modes.data } : {}),
  });
}

/** Select options take a string; boolean options a boolean. The response is the complete list. */
export async function setConfigOption(
  context: SessionContext,
  sessionId: string,
  configId: string,
  value: string | boolean,
): Promise<void> {
  const params: acp.SetSessionConfigOptionRequest =
    typeof value === "boolean" ? { sessionId, configId, type: "boolean", value } : { sessionId, configId, value };
  const response = await context.client.connection.setConfigOption(params);
  applySessionState(context, response);
}

/** Legacy modes; agents answer with `current_mode_update` or nothing, so update locally too. */
export async function setMode(context: SessionContext, sessionId: string, modeId: string): Promise<void> {
  await context.client.connection.setMode(sessionId, modeId);
  context.sink({
    type: "acp/update",
    entryId: context.newId(),
    update: { sessionUpdate: "current_mode_update", currentModeId: modeId },
  });
}

/** The definition's `defaultConfig`, option by option; a value the agent does not offer is reported and skipped. */
export async function applyDefaultConfig(
  context: SessionContext,
  sessionId: string,
  offered: readonly acp.SessionConfigOption[],
): Promise<void> {
  for (const [configId, value] of Object.entries(context.client.definition.defaultConfig)) {
    const option = offered.find((candidate) => candidate.id === configId);
    const valid =
      option?.type === "boolean"
        ? typeof value === "boolean"
        : option?.type === "select" && typeof value === "string" && flattenValues(option.options).includes(value);
    if (!valid) {
      context.sink({
        type: "thread/error",
        entryId: context.newId(),
        message: `defaultConfig "${configId}": ${option ? `"${String(value)}" is not one of the values ${context.client.name} offers` : `${context.client.name} offers no such option`}; left as is.`,
      });
      continue;
    }
    await setConfigOption(context, sessionId, configId, value).catch((error: unknown) =>
      context.sink({
        type: "thread/error",
        entryId: context.newId(),
        message: (context.translate ?? english)(
          'Could not apply defaultConfig "{0}": {1}',
          configId,
          describeRequestError(error).message,
        ),
      }),
    );
  }
}

function flattenValues(options: acp.SessionConfigSelectOptions): string[] {
  return (options as Array<acp.SessionConfigSelectOption | acp.SessionConfigSelectGroup>).flatMap((entry) =>
    "group" in entry ? entry.options.map((option) => option.value) : [entry.value],
  );
}
