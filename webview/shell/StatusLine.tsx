/** The `role="status"` line: what the agent is doing, derived from the state, never stored. */
import { describeStatus, initialPanelState, type PanelState } from "../../src/shared/wire/panelState";
import { isAwaitingUser, threadPhase } from "../../src/shared/wire/threadPhase";
import { usePanel } from "../host/hooks";
import { Codicon } from "../ui/Codicon";
import { t } from "../l10n";

export function StatusLine() {
  const text = usePanel(statusText);
  const icon = usePanel((state) => {
    if (state.connection.status === "starting") return "loading";
    const phase = threadPhase(state.thread);
    return isAwaitingUser(phase) ? "bell-dot" : phase === "idle" ? undefined : "loading";
  });
  return (
    <div className={icon === "bell-dot" ? "status-line status-waiting" : "status-line"} role="status">
      {icon === undefined ? null : <Codicon name={icon} spin={icon === "loading"} />}
      <span className="status-text">{text}</span>
    </div>
  );
}

/** Before the host's first snapshot nothing is known yet: say so, not "No agent configured". */
function statusText(state: PanelState): string {
  return state === initialPanelState ? t("Opening…") : describeStatus(state, t);
}
