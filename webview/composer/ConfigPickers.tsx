/**
 * The session's config options (model, mode, reasoning…) as labelled pickers: a select for a
 * `select` option (grouped options flattened with their group's name), a checkbox for a
 * `boolean` one. Agents without config options but with legacy modes get a "Mode" picker. They
 * sit in the composer's toolbar: compact, no visible label (the select's label names it, and
 * the tooltip shows it).
 */
import VscodeOption from "@vscode-elements/react-elements/dist/components/VscodeOption.js";
import { memo } from "react";
import type { ConfigOption } from "../../src/shared/thread/sessionUpdate";
import { useHostActions, usePanel } from "../host/hooks";
import { t } from "../l10n";
import { ProviderPicker } from "./ProviderPicker";
import { Checkbox, SingleSelect } from "../ui/QuietControls";

type SelectOption = Extract<ConfigOption, { type: "select" }>;

export const ConfigPickers = memo(function ConfigPickers() {
  const options = usePanel((state) => state.thread.configOptions);
  const modes = usePanel((state) => state.thread.modes);
  const hasProviders = usePanel((state) => (state.thread.providers?.length ?? 0) > 0);
  const { setMode } = useHostActions();
  const legacyModes = modes && modes.availableModes.length > 0 && !options.some((option) => option.category === "mode");
  if (options.length === 0 && !legacyModes && !hasProviders) return null;
  return (
    <div className="config-pickers">
      {/* Pickers first, then checkboxes: they pair up better in a narrow panel. */}
      {options
        .filter((option) => option.type === "select")
        .map((option) => (
          <ConfigPicker key={option.id} option={option} />
        ))}
      <ProviderPicker />
      {legacyModes ? (
        <Select
          label={t("Mode")}
          value={modes.currentModeId}
          onPick={setMode}
          choices={modes.availableModes.map((mode) => ({
            value: mode.id,
            label: mode.name,
            description: mode.description ?? undefined,
          }))}
        />
      ) : null}
      {options
        .filter((option) => option.type !== "select")
        .map((option) => (
          <ConfigPicker key={option.id} option={option} />
        ))}
    </div>
  );
});

const ConfigPicker = memo(function ConfigPicker({ option }: { option: ConfigOption }) {
  const { setConfig } = useHostActions();
  if (option.type === "boolean") {
    return (
      <Checkbox
        className="config-checkbox"
        label={option.name}
        checked={option.currentValue}
        title={option.description ?? undefined}
        onChange={(event: Event) => {
          const checked = (event.currentTarget as { checked?: unknown } | null)?.checked;
          if (typeof checked === "boolean" && checked !== option.currentValue) setConfig(option.id, checked);
        }}
      />
    );
  }
  return (
    <Select
      label={option.name}
      value={option.currentValue}
      choices={flatten(option)}
      onPick={(value) => setConfig(option.id, value)}
    />
  );
});

interface Choice {
  readonly value: string;
  readonly label: string;
  readonly description?: string | undefined;
}

type FlatOption = { value: string; name: string; description?: string | null | undefined };
type GroupOption = { group: string; name: string; options: FlatOption[] };

function flatten(option: SelectOption): Choice[] {
  // Loose zod objects do not narrow with `in`; the schema guarantees one shape or the other.
  const items = option.options as ReadonlyArray<FlatOption | GroupOption>;
  return items.flatMap((item): Choice[] =>
    "group" in item
      ? item.options.map((o) => ({
          value: o.value,
          label: `${o.name} (${item.name})`,
          description: o.description ?? undefined,
        }))
      : [{ value: item.value, label: item.name, description: item.description ?? undefined }],
  );
}

function Select({
  label,
  value,
  choices,
  onPick,
}: {
  label: string;
  value: string;
  choices: readonly Choice[];
  onPick: (value: string) => void;
}) {
  return (
    <div className="config-picker" title={label}>
      <SingleSelect
        label={label}
        value={value}
        onChange={(event: Event) => {
          const picked = (event.currentTarget as { value?: unknown } | null)?.value;
          if (typeof picked === "string" && picked !== "" && picked !== value) onPick(picked);
        }}
      >
        {choices.map((choice) => (
          <VscodeOption key={choice.value} value={choice.value} description={choice.description ?? ""}>
            {choice.label}
          </VscodeOption>
        ))}
      </SingleSelect>
    </div>
  );
}
