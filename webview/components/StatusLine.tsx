/** The `role="status"` line: what the agent is doing, derived from the state, never stored. */
import { describeStatus } from "../../src/shared/panelState";
import { isAwaitingUser, threadPhase } from "../../src/shared/threadPhase";
import { usePanel } from "../hooks";
import { Codicon } from "./Codicon";

export function StatusLine() {
  const text = usePanel(describeStatus);
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
