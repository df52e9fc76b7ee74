/**
 * Fork Session as the panel does it (issue 29 §4): the fork's tab becomes the active one (its chat
 * is shown), and the session list the webview holds is posted afresh, so it shows the fork at
 * once instead of the list from before the fork.
 */
import type { ChatSession } from "./chatSession";
import type { SessionManager } from "./sessionManager";
import type { HostMessage, SessionListItem } from "../../shared/wire/protocol";

export async function forkAndRefresh(
  manager: Pick<SessionManager, "actions">,
  key: string,
  list: () => Promise<SessionListItem[]>,
  post: (message: HostMessage) => void,
): Promise<ChatSession> {
  const fork = await manager.actions.forkTab(key);
  post({ type: "sessions/list", sessions: await list() });
  return fork;
}
