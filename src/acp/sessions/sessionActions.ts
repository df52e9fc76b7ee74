/**
 * Fork, rename and archive (issue 18 §2) over the panel's tabs and the session list. Each agent
 * method is sent only when the agent advertises it (unstableSessions.ts); a rename is kept
 * locally as well, in the session index, so agents that cannot store titles still show it.
 */
import type { ChatSession, ChatSessionDeps } from "./chatSession";
import type { SessionIndex } from "./sessionIndex";
import type { TabWorktree } from "../worktrees/tabWorktree";
import type { TabSummary } from "../../shared/wire/protocol";
import type { AgentClient } from "../client/connection/agentClient";
import { forkSourceOf } from "./sessionFork";
import { rewindSeed } from "./conversationRewind";
import { withTemporaryClient } from "./temporaryClient";
import { setSessionArchived, setSessionTitle, unstableCapabilitiesOf } from "../client/session/unstableSessions";
import { english, type Translate } from "../../shared/l10n";
import { cleanSessionTitle } from "../../shared/thread/sessionTitle";
import { capabilitiesOf } from "../client/connection/agentCapabilities";
import type { UnstableSessionCapabilities } from "../client/session/unstableSessions";

/** What the actions need of the panel's tabs: SessionManager (sessionManager.ts) is one. */
export interface ActionTabs {
  readonly index: SessionIndex;
  tab(key: string): ChatSession | undefined;
  summaries(): TabSummary[];
  openTab(open: (session: ChatSession) => Promise<void>, worktree?: TabWorktree): Promise<ChatSession>;
  tabOf(sessionId: string): { key: string; session: ChatSession } | undefined;
  liveClient(agent: string): AgentClient | undefined;
  featuresOf(agent: string): UnstableSessionCapabilities | undefined;
  closeTab(key: string): Promise<void>;
  /** Tells the panel the tabs or the session list changed. */
  changed(): void;
}

export class SessionActions {
  constructor(
    private readonly manager: ActionTabs,
    private readonly deps: ChatSessionDeps,
  ) {}

  /** The user's language for the errors the commands show and the fork's title. */
  private get t(): Translate {
    return this.deps.translate ?? english;
  }

  /** Whether the tab's agent can fork its session (`sessionCapabilities.fork`). */
  canFork(key: string): boolean {
    const session = this.manager.tab(key);
    const client = session?.agentClient;
    return Boolean(
      client &&
      session.sessionId &&
      session.store.state.connection.status === "ready" &&
      unstableCapabilitiesOf(client.init).fork,
    );
  }

  /** Whether the tab's agent advertises `agentCapabilities.auth.logout` (ACP: Sign Out of Agent). */
  canSignOut(key: string): boolean {
    const client = this.manager.tab(key)?.agentClient;
    // `init` throws until `initialize` is answered, and this runs for the context keys on every
    // state change (a restored tab's agent may still be starting): a throw here broke the view.
    const init = client?.initResult;
    return Boolean(client && init && !client.isStopping && capabilitiesOf(init).logout);
  }

  /**
   * Sign Out of Agent: ACP `logout` to the tab's agent. What happens to its live sessions is the
   * agent's business (the spec leaves it open): the tab says so, and the agent's next answer tells.
   */
  async signOut(key: string): Promise<string> {
    const tab = this.manager.tab(key);
    const client = tab?.agentClient;
    if (!tab || !client || !this.canSignOut(key)) throw new Error(this.t("This agent does not offer signing out."));
    await client.connection.logout();
    tab.noteSignedOut(client.name);
    return client.name;
  }

  /** Fork Session: a new tab on the same agent continues the tab's session. */
  async forkTab(key: string): Promise<ChatSession> {
    const source = this.manager.tab(key);
    const sessionId = source?.sessionId;
    const connection = source?.store.state.connection;
    if (!source || !sessionId || !this.canFork(key) || connection?.status === "none" || !connection)
      throw new Error(this.t("This session can't be forked: its agent does not offer session/fork."));
    const title = source.store.state.thread.title ?? this.manager.summaries().find((tab) => tab.key === key)?.title;
    const fork = forkSourceOf(sessionId, source.store.state.thread, title, this.t);
    return this.manager.openTab((session) => session.start(connection.agent, fork));
  }

  /**
   * The conversation back to just before the user message `entryId` of `source`, in a new tab
   * (conversationRewind.ts); `firstText` is sent there at once (Edit and resend).
   */
  async rewind(source: ChatSession, entryId: string, firstText?: string): Promise<ChatSession> {
    const connection = source.store.state.connection;
    const seed = rewindSeed(source.store.state.thread, entryId, source.store.state.thread.title, this.t);
    if (!seed || connection.status === "none") throw new Error(this.t("That message is not in this conversation."));
    const tab = await this.manager.openTab((session) => session.start(connection.agent, seed));
    tab.noteRewound();
    if (firstText !== undefined) await tab.prompt(firstText);
    return tab;
  }

  /**
   * Renames a session: `session/set_title` where the agent offers it (the title it stored is the
   * one shown), and always in the local index. An open tab shows the new title at once.
   */
  async rename(agent: string, sessionId: string, requested: string): Promise<string> {
    let title = cleanSessionTitle(requested);
    if (title === "") throw new Error(this.t("A session title can't be empty."));
    const tab = this.manager.tabOf(sessionId);
    if (this.manager.featuresOf(agent)?.title)
      title = await this.withClient(agent, tab?.session, (client) =>
        setSessionTitle(client.connection, sessionId, title),
      ).then((stored) => cleanSessionTitle(stored) || title);
    const record = this.manager.index.all().find((r) => r.agent === agent && r.sessionId === sessionId);
    this.manager.index.upsert({
      agent,
      sessionId,
      cwd: record?.cwd ?? this.deps.workspace.cwd(),
      updatedAt: record?.updatedAt ?? new Date(this.deps.clock.now()).toISOString(),
      title,
      titleByUser: true,
    });
    // The same update an agent sends for its own title change: the tab strip and the kept transcript follow.
    tab?.session.store.dispatch({
      type: "acp/update",
      entryId: `rename-${this.deps.clock.now()}`,
      update: { sessionUpdate: "session_info_update", title },
    });
    this.manager.changed();
    return title;
  }

  async renameTab(key: string, title: string): Promise<string> {
    const session = this.manager.tab(key);
    const connection = session?.store.state.connection;
    if (!session?.sessionId || !connection || connection.status === "none")
      throw new Error(this.t("This tab has no session to rename yet."));
    return this.rename(connection.agent, session.sessionId, title);
  }

  /**
   * Archive or unarchive (`session/archive`, `session/unarchive`). Archiving ends the session on
   * the agent's side as `session/close` would, so its tab closes.
   */
  async setArchived(agent: string, sessionId: string, archived: boolean): Promise<void> {
    if (!this.manager.featuresOf(agent)?.archive)
      throw new Error(this.t("{0} does not offer archiving sessions.", agent));
    const tab = this.manager.tabOf(sessionId);
    await this.withClient(agent, tab?.session, (client) => setSessionArchived(client.connection, sessionId, archived));
    if (archived && tab) await this.manager.closeTab(tab.key);
    const record = this.manager.index.all().find((r) => r.agent === agent && r.sessionId === sessionId);
    if (record) this.manager.index.upsert({ ...record, archived });
    this.manager.changed();
  }

  /** A reopened session (after a reload, or from the list) shows the title the user gave it. */
  restoreUserTitle(session: ChatSession): void {
    const connection = session.store.state.connection;
    if (!session.sessionId || connection.status === "none") return;
    const record = this.manager.index
      .all()
      .find((r) => r.agent === connection.agent && r.sessionId === session.sessionId);
    if (!record?.titleByUser || !record.title || session.store.state.thread.title === record.title) return;
    session.store.dispatch({
      type: "acp/update",
      entryId: `rename-${this.deps.clock.now()}`,
      update: { sessionUpdate: "session_info_update", title: record.title },
    });
  }

  /** The tab's own connection, else any live one to the agent, else one opened for this call. */
  private async withClient<T>(
    agent: string,
    session: ChatSession | undefined,
    use: (client: AgentClient) => Promise<T>,
  ): Promise<T> {
    const live = session?.agentClient ?? this.manager.liveClient(agent);
    if (live && !live.isStopping) return use(live);
    return withTemporaryClient(this.deps, agent, use);
  }
}
