/**
 * The per-agent `systemPrompt` setting, sent as ACP's unstable `systemPrompt` on `session/new`,
 * `session/load`, `session/resume` and `session/fork`, and only to an agent that advertises
 * `sessionCapabilities.systemPrompt` (append) or `…systemPrompt.mode.override` (override). The
 * spec forbids an empty content array and non-text blocks, so only non-blank text is sent.
 */
import type { AgentCapabilityView } from "../connection/agentCapabilities";
import type { AgentDefinition } from "../../agents/agentDefinition";
import { english, type Translate } from "../../../shared/l10n";

export interface SystemPromptParam {
  readonly systemPrompt?: { mode: "append" | "override"; content: Array<{ type: "text"; text: string }> };
}

/** The `systemPrompt` field for a session request, and why it was left out when it was. */
/** `t`: the user's language for the notice (the transcript shows why the setting was not sent). */
export function systemPromptParam(
  definition: AgentDefinition,
  caps: AgentCapabilityView,
  t: Translate = english,
): { param: SystemPromptParam; skipped?: string } {
  const setting = definition.systemPrompt;
  if (setting === undefined || setting.text.trim() === "") return { param: {} };
  if (!caps.systemPrompt.append)
    return {
      param: {},
      skipped: t("{0} does not accept a system prompt; the systemPrompt setting is not sent.", definition.name),
    };
  if (setting.mode === "override" && !caps.systemPrompt.override) {
    return {
      param: {},
      skipped: t(
        "{0} cannot override its system prompt (only append); the systemPrompt setting is not sent.",
        definition.name,
      ),
    };
  }
  return { param: { systemPrompt: { mode: setting.mode, content: [{ type: "text", text: setting.text }] } } };
}
