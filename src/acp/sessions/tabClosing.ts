/**
 * Closing a tab as the user does it, and *Reopen Closed Tab* (issue 29 §4). A tab whose turn is
 * running asks first (`confirmStop`, the modal lives in src/vscode): declined, nothing changes;
 * accepted, the turn is stopped (`session/cancel`) before the tab closes. Every closed tab with a
 * session goes on the manager's stack of closed tabs; reopening takes the most recent one and opens
 * its session the way the history list does (SessionManager.openSession: session/load or resume).
 */
import type { ChatSession } from "./chatSession";
import { summarise, type SessionManager } from "./sessionManager";

/** Asked with the tab's title; true to stop the turn and close. */
export type ConfirmStop = (title: string) => Promise<boolean>;

/** Closes the tab `key`, asking first when its turn runs; true when it closed. */
export async function closeTabAsking(manager: SessionManager, key: string, confirmStop: ConfirmStop): Promise<boolean> {
  const session = manager.tab(key);
  if (!session) return false;
  if (session.isTurnRunning) {
    if (!(await confirmStop(summarise(key, session).title))) return false;
    // The tab may have gone while the question was open (closed elsewhere, archived).
    if (manager.tab(key) !== session) return false;
    await session.cancel();
  }
  const connection = session.store.state.connection;
  const sessionId = session.sessionId;
  await manager.closeTab(key);
  if (sessionId && connection.status !== "none") manager.closedTabs.push({ agent: connection.agent, sessionId });
  return true;
}

/** Reopens the most recently closed tab's session; undefined when none is left. */
export async function reopenClosedTab(manager: SessionManager): Promise<ChatSession | undefined> {
  const closed = manager.closedTabs.pop();
  return closed && manager.openSession(closed.agent, closed.sessionId);
}
