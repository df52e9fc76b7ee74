/** Panel states and actions for the webview tests, typed against the shared model. */
import type { PanelAction, PanelState } from "../../src/shared/wire/panelState";
import { type ThreadEntry, type TurnState, emptyThread } from "../../src/shared/thread/thread";
import type { ConfigOption } from "../../src/shared/thread/sessionUpdate";

export const AGENT = "Echo Agent";

/** A turn the agent is working on. */
export const RUNNING: TurnState = { phase: "running", startedAt: 1 };

export function readyState(entries: readonly ThreadEntry[] = [], turn: TurnState = { phase: "idle" }): PanelState {
  return {
    agents: [AGENT, "Other Agent"],
    selectedAgent: AGENT,
    connection: { status: "ready", agent: AGENT, sessionId: "session-1" },
    thread: { ...emptyThread, entries, turn },
  };
}

/** A ready panel whose thread is one exchange: the user's `question` (u1), the agent's `reply` (a1). */
export function oneExchange(question: string, reply: string, turn?: TurnState): PanelState {
  return readyState([userEntry("u1", question), agentEntry("a1", { kind: "message", text: reply })], turn);
}

export function userEntry(id: string, text: string): ThreadEntry {
  return { kind: "user", id, text };
}

export function agentEntry(id: string, ...chunks: Array<{ kind: "message" | "thought"; text: string }>): ThreadEntry {
  return { kind: "assistant", id, chunks };
}

/** An ACP session update as the host dispatches it: `sessionUpdate` and its `fields`, for the entry `entryId`. */
export function acpUpdate(entryId: string, sessionUpdate: string, fields: Record<string, unknown> = {}): PanelAction {
  return { type: "acp/update", entryId, update: { sessionUpdate, ...fields } };
}

/** ACP's text content block. */
export function textBlock(text: string) {
  return { type: "text", text } as const;
}

/** A tool call's content: text. */
export function textContent(text: string) {
  return { type: "content", content: textBlock(text) } as const;
}

export function messageChunk(entryId: string, text: string): PanelAction {
  return acpUpdate(entryId, "agent_message_chunk", { content: textBlock(text) });
}

export function thoughtChunk(entryId: string, text: string): PanelAction {
  return acpUpdate(entryId, "agent_thought_chunk", { content: textBlock(text) });
}

export function turnStarted(entryId: string, text: string): PanelAction {
  return { type: "turn/started", entryId, text, at: 1_000 };
}

/** A panel with no agent configured and an empty thread. */
export function unconfiguredState(): PanelState {
  return { agents: [], connection: { status: "none" }, thread: emptyThread };
}

/**
 * A thread of `count` entries `e0`, `e1`…: "question i", then "answer i" and `answerWords(i)` words,
 * of varying length (virtual list, history and following tests).
 */
export function longThread(count: number, answerWords = (i: number) => 10 + (i % 7) * 25): ThreadEntry[] {
  return Array.from({ length: count }, (_, i) =>
    i % 2 === 0
      ? userEntry(`e${i}`, `question ${i}`)
      : agentEntry(`e${i}`, { kind: "message", text: `answer ${i}\n\n${"words ".repeat(answerWords(i))}` }),
  );
}

/** A "Model" select config option (Small, Large, Huge) with `model` chosen. */
export function modelSelect(model: string): ConfigOption {
  return {
    type: "select",
    id: "model",
    name: "Model",
    category: "model",
    currentValue: model,
    options: [
      { value: "small", name: "Small" },
      { value: "large", name: "Large" },
      { value: "huge", name: "Huge" },
    ],
  };
}
