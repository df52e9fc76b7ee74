/** The `role="status"` line: what the agent is doing, derived from the state, never stored. */
import { describeStatus } from "../../src/shared/panelState";
import { usePanel } from "../hooks";

export function StatusLine() {
  const text = usePanel(describeStatus);
  const busy = usePanel((state) => state.connection.status === "starting" || state.thread.turn.phase !== "idle");
  return (
    <div className="status-line" role="status">
      {busy ? <span className="codicon codicon-loading codicon-modifier-spin" aria-hidden="true" /> : null}
      <span className="status-text">{text}</span>
    </div>
  );
}
