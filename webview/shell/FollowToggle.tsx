/** "Follow agent": the host reveals each tool call's location in the editor as it arrives. */
import { useEffect, useState } from "react";
import { getUiState, setUiState } from "../host/bridge";
import { useHostActions } from "../host/hooks";
import { t } from "../l10n";
import { Checkbox } from "../ui/QuietControls";

export function FollowToggle() {
  const { setFollow } = useHostActions();
  const [enabled, setEnabled] = useState(() => getUiState().follow === true);
  // The choice is UI state and outlives the host's copy (a window reload): tell it again.
  useEffect(() => {
    if (getUiState().follow === true) setFollow(true);
  }, [setFollow]);
  return (
    <Checkbox
      className="follow-toggle"
      label={t("Follow agent")}
      title={t("Open the files the agent works on as it goes")}
      checked={enabled}
      onChange={(event: Event) => {
        const checked = (event.currentTarget as { checked?: unknown } | null)?.checked;
        if (typeof checked !== "boolean" || checked === enabled) return;
        setEnabled(checked);
        setUiState({ follow: checked || undefined });
        setFollow(checked);
      }}
    />
  );
}
