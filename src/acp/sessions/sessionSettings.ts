/**
 * What the panel changes in a running session: a config option, the mode, and (unstable) the LLM
 * providers, whose list is read again after either change. A refusal is said in the transcript.
 */
import type { SessionController } from "../client/session/sessionController";
import type { ProviderView } from "../../shared/thread/thread";
import type { Translate } from "../../shared/l10n";
import type { TabNotes } from "./tabNotes";

export interface SettingsTarget {
  readonly session: SessionController | undefined;
  /** The providers the panel shows now (`providers/disable` sends the rest). */
  readonly providers: readonly ProviderView[];
  readonly notes: TabNotes;
  readonly t: Translate;
}

export async function setConfigOption(to: SettingsTarget, configId: string, value: string | boolean): Promise<void> {
  const { t } = to;
  await to.session
    ?.setConfigOption(configId, value)
    .catch((error: unknown) => to.notes.error(t("Could not change the setting"), error));
}

export async function setMode(to: SettingsTarget, modeId: string): Promise<void> {
  const { t } = to;
  await to.session?.setMode(modeId).catch((error: unknown) => to.notes.error(t("Could not change the mode"), error));
}

/** Unstable `providers/set` / `providers/disable`. */
export async function setProvider(
  to: SettingsTarget,
  providerId: string,
  change: { apiType: string; baseUrl: string } | "disable",
): Promise<void> {
  const { session, t } = to;
  if (!session) return;
  const done =
    change === "disable"
      ? session.providers.disable(providerId, to.providers)
      : session.providers.set(providerId, change.apiType, change.baseUrl);
  await done.catch((error: unknown) => to.notes.error(t("Could not change the provider {0}", providerId), error));
}
