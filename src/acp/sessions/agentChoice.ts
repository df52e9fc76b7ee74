/**
 * Which agents a tab offers, after the settings or PATH changed: the picker learns them, the
 * selected agent stays when it is still there (else the default), and a tab whose agent left the
 * settings before anything was said in it is found, to be replaced.
 */
import type { AgentCatalog } from "../ports";
import type { PanelStore } from "./panelStore";

/** Tells the picker the agents; true when the tab is an unused session of an agent no longer configured. */
export function offerAgents(store: PanelStore, catalog: AgentCatalog): boolean {
  const agents = catalog.names();
  const current = store.state.selectedAgent;
  const selected = current !== undefined && agents.includes(current) ? current : (catalog.defaultAgent() ?? current);
  store.dispatch({
    type: "agents/configured",
    agents,
    ...(selected === undefined ? {} : { selectedAgent: selected }),
  });
  return isUnusedSessionOfRemovedAgent(store, agents);
}

/**
 * A tab whose agent left the settings before anything was said in it. In a remote window VS Code
 * can hand the extension host a machine-scoped setting's local User value for a moment at
 * start-up and take it back once the setting's scope is known; a session opened in that moment
 * must not outlive it. A session with a conversation keeps its agent: the user can still read
 * and continue it.
 */
function isUnusedSessionOfRemovedAgent(store: PanelStore, agents: readonly string[]): boolean {
  const { connection, thread } = store.state;
  if (connection.status === "none" || agents.includes(connection.agent)) return false;
  return thread.turn.phase === "idle" && thread.queue.length === 0 && !thread.entries.some((e) => e.kind === "user");
}
