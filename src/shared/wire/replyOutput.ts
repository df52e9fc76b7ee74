/**
 * A reply's first output: its first message or thought chunk, tool call or plan after
 * `turn/started`. The host's replica feed lets it take one batch more in flight, and the webview's
 * replica renders its batch as it arrives: it is what the user waits for after Send.
 */
import type { PanelAction } from "./panelState";

const REPLY_OUTPUT = new Set(["agent_message_chunk", "agent_thought_chunk", "tool_call", "plan"]);

function isReplyOutput(action: PanelAction): boolean {
  return action.type === "acp/update" && REPLY_OUTPUT.has(action.update.sessionUpdate);
}

/** Follows one session's actions in order and picks out each reply's first output. */
export class FirstReplyOutput {
  /** A turn started and its reply has shown nothing yet. */
  private awaiting = false;

  /** True when `action` is the first output of the reply the last `turn/started` began. */
  isFirst(action: PanelAction): boolean {
    if (action.type === "turn/started") {
      this.awaiting = true;
      return false;
    }
    if (!this.awaiting || !isReplyOutput(action)) return false;
    this.awaiting = false;
    return true;
  }

  /** Forgets the turn (another session's actions follow, or a snapshot replaced the thread). */
  reset(): void {
    this.awaiting = false;
  }
}
