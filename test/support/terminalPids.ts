/**
 * PIDs of the terminal processes a tab's agent still runs: tests assert none outlives its turn.
 * Reads the tab's current (private) client services; nothing in the product needs this.
 */
import type { ChatSession } from "../../src/acp/sessions/chatSession";

export function terminalPids(chat: ChatSession): number[] {
  return chat["services"]?.terminals?.runningPids() ?? [];
}
