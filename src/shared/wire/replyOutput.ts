/**
 * A reply's first output: its first message or thought chunk, tool call or plan after
 * `turn/started`. The host's replica feed lets it take one batch more in flight, and the webview's
 * replica renders its batch as it arrives: it is what the user waits for after Send.
 */
import type { PanelAction } from "./panelState";

const REPLY_OUTPUT = new Set(["agent_message_chunk", "agent_thought_chunk", "tool_call", "plan"]);

export function isReplyOutput(action: PanelAction): boolean {
  return action.type === "acp/update" && REPLY_OUTPUT.has(action.update.sessionUpdate);
}
