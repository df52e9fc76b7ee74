/**
 * Select Model, Select Reasoning Effort and Select Mode from the palette: the agent's config option
 * of that category (a select, possibly grouped, or a boolean), or its legacy modes, offered as a
 * pick list with the current value marked; the choice is sent to the agent.
 */
import type { Dialogs } from "../ports";
import type { Thread } from "../../shared/thread/thread";
import type { ConfigOption } from "../../shared/thread/sessionUpdate";
import type { Translate } from "../../shared/l10n";

/** What the pick lists read and set of a tab (a ChatSession). */
export interface ConfigurableSession {
  readonly store: { readonly state: { readonly thread: Pick<Thread, "configOptions" | "modes"> } };
  setConfigOption(configId: string, value: string | boolean): Promise<void>;
  setMode(modeId: string): Promise<void>;
}

/** The option of `category` (the model's may also be the one with id "model"), picked and set. */
export async function pickConfig(
  session: ConfigurableSession,
  category: string,
  label: string,
  dialogs: Dialogs,
  t: Translate,
): Promise<void> {
  const option = session.store.state.thread.configOptions.find(
    (candidate) => candidate.category === category || (category === "model" && candidate.id === "model"),
  );
  if (!option) return void dialogs.info(t("The agent offers no {0} setting.", label.toLowerCase()));
  const value = await pickValue(option, label, dialogs, t);
  if (value !== undefined) await session.setConfigOption(option.id, value);
}

async function pickValue(
  option: ConfigOption,
  label: string,
  dialogs: Dialogs,
  t: Translate,
): Promise<string | boolean | undefined> {
  if (option.type === "boolean")
    return dialogs.pick(
      [
        { label: t("On"), value: true },
        { label: t("Off"), value: false },
      ],
      { title: `${label}: ${option.name}` },
    );
  interface Choice {
    value: string;
    name: string;
    description?: string | null;
    group?: string;
  }
  const entries = option.options as ReadonlyArray<Choice | { group: string; name: string; options: Choice[] }>;
  const flat: Choice[] = entries.flatMap((entry): Choice[] =>
    "options" in entry ? entry.options.map((o) => ({ ...o, group: entry.name })) : [entry],
  );
  return dialogs.pick(
    flat.map((o) => ({
      label: o.name,
      description: [o.value === option.currentValue ? t("current") : "", o.group ?? ""].filter(Boolean).join(" · "),
      ...(o.description ? { detail: o.description } : {}),
      value: o.value,
    })),
    { title: label, placeHolder: option.name },
  );
}

/** The mode: a config option of category "mode" when the agent has one, else its legacy modes. */
export async function pickMode(session: ConfigurableSession, dialogs: Dialogs, t: Translate): Promise<void> {
  const { configOptions, modes } = session.store.state.thread;
  if (configOptions.some((option) => option.category === "mode"))
    return pickConfig(session, "mode", t("Mode"), dialogs, t);
  if (!modes) return void dialogs.info(t("The agent offers no modes."));
  const picked = await dialogs.pick(
    modes.availableModes.map((mode) => ({
      label: mode.name,
      description: mode.id === modes.currentModeId ? t("current") : "",
      ...(mode.description ? { detail: mode.description } : {}),
      value: mode.id,
    })),
    { title: t("Mode") },
  );
  if (picked) await session.setMode(picked);
}
