/**
 * The open sessions of the panel, as tabs. Each tab is a ChatSession with its own session and
 * services, so tabs are isolated and switching never interrupts a running turn; tabs of one agent
 * share its process (client/agentProcesses.ts, unless its entry says `processPerSession`). Also the
 * session list across agents (`session/list` where offered, plus the local index), and the open
 * tabs to restore after a reload.
 */
import { ChatSession, type ChatSessionDeps } from "./chatSession";
import { capabilitiesOf } from "../client/connection/agentCapabilities";
import type { SessionIndex } from "./sessionIndex";
import { TranscriptStore } from "../journal/transcriptStore";
import { storeKeeper, type TranscriptKeeper } from "./transcriptKeeper";
import type { AgentClient } from "../client/connection/agentClient";
import { withTemporaryClient } from "./temporaryClient";
import type { SessionListItem, TabSummary } from "../../shared/wire/protocol";
import type { TabStatus } from "../../shared/wire/tabStatus";
import { english } from "../../shared/l10n";
import { SessionActions } from "./sessionActions";
import { unstableCapabilitiesOf, type UnstableSessionCapabilities } from "../client/session/unstableSessions";
import { AgentStatuses } from "./agentStatuses";
import { mergeAgentLists, readyAgents } from "./sessionListing";
import { UnusedSessions } from "./unusedSessions";
import { AgentProcesses } from "../client/session/agentProcesses";
import { ClosedTabs } from "./closedTabs";
import { connectionAgent, firstPromptLine, summarise } from "./tabSummaries";
import { worktreeWorkspace, type TabWorktree } from "../worktrees/tabWorktree";

export { summarise } from "./tabSummaries";

export interface OpenTabRecord {
  readonly agent: string;
  readonly sessionId: string;
  /** Messages queued for the turn, kept across a window reload. */
  readonly queued?: string[];
  /** The git worktree the tab works in (issue 32): reopened there. */
  readonly worktree?: TabWorktree;
}

export class SessionManager {
  private readonly tabs = new Map<string, ChatSession>();
  private activeKey: string | undefined;
  private counter = 0;
  private readonly listeners = new Set<() => void>();
  private readonly closedListeners = new Set<(session: ChatSession) => void>();
  private readonly subscriptions = new Map<string, { dispose(): void }>();
  private readonly features = new Map<string, UnstableSessionCapabilities>();
  /** Fork, rename and archive. */
  readonly actions: SessionActions;
  private readonly statuses = new AgentStatuses();
  /** Opened, nothing said yet: not history (unusedSessions.ts). */
  private readonly unused = new UnusedSessions();
  private readonly transcripts: TranscriptKeeper | undefined;
  /** The agent processes the tabs share (the deps' own when given, else this manager's). */
  readonly processes: AgentProcesses;
  private readonly ownProcesses: boolean;
  /** The tabs the user closed, for Reopen Closed Tab (tabClosing.ts). */
  readonly closedTabs = new ClosedTabs();

  /** `transcripts`: what keeps each tab's conversation (the journal; the older TranscriptStore in tests). */
  constructor(
    private readonly deps: ChatSessionDeps,
    readonly index: SessionIndex,
    transcripts?: TranscriptStore | TranscriptKeeper,
  ) {
    this.transcripts = transcripts instanceof TranscriptStore ? storeKeeper(transcripts) : transcripts;
    this.actions = new SessionActions(this, deps);
    this.ownProcesses = deps.agentProcesses === undefined;
    this.processes = deps.agentProcesses ?? new AgentProcesses({ clock: deps.clock, logger: deps.logger });
  }

  get active(): ChatSession | undefined {
    return this.activeKey === undefined ? undefined : this.tabs.get(this.activeKey);
  }

  get activeTabKey(): string | undefined {
    return this.activeKey;
  }

  tab(key: string): ChatSession | undefined {
    return this.tabs.get(key);
  }

  /** Called on every change of tabs or of a tab's summary. */
  onDidChange(listener: () => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  /** Called after a tab closed (by the user, or its session deleted or archived): its worktree's clean-up asks. */
  onDidCloseTab(listener: (session: ChatSession) => void): { dispose(): void } {
    this.closedListeners.add(listener);
    return { dispose: () => this.closedListeners.delete(listener) };
  }

  /** Whether an open tab works in the worktree at `path`. */
  worktreeInUse(path: string): boolean {
    return [...this.tabs.values()].some((session) => session.worktree?.path === path);
  }

  summaries(): TabSummary[] {
    return [...this.tabs].map(([key, session]) => {
      const summary = summarise(key, session, this.deps.translate);
      const auth = summary.agent === undefined ? undefined : this.statuses.authOf(summary.agent);
      return auth ? { ...summary, auth } : summary;
    });
  }

  /** A new tab; starts `agent` (or the default) unless `start` is false; in `worktree` when given. */
  async newTab(agent?: string, start = true, worktree?: TabWorktree): Promise<ChatSession> {
    return this.openTab(start ? (session) => session.start(agent) : () => Promise.resolve(), worktree);
  }

  /**
   * A new active tab that `open` fills (start, open a listed session, fork). `open` is called
   * first: it says "Starting…" synchronously, so the tab's first snapshot is not the first-run view.
   */
  async openTab(open: (session: ChatSession) => Promise<void>, worktree?: TabWorktree): Promise<ChatSession> {
    const { key, session } = this.createTab(worktree);
    const opening = open(session);
    this.activate(key);
    await opening;
    this.actions.restoreUserTitle(session);
    this.remember(session);
    return session;
  }

  /** Opens a listed session: focuses its tab when open, else a new tab that loads it (in its worktree, if it had one). */
  async openSession(agent: string, sessionId: string, worktree?: TabWorktree): Promise<ChatSession> {
    for (const [key, session] of this.tabs) {
      if (
        (session.sessionId === sessionId || session.continues === sessionId) &&
        session.store.state.connection.status !== "none"
      ) {
        this.activate(key);
        return session;
      }
    }
    const record = this.index.all().find((r) => r.agent === agent && r.sessionId === sessionId);
    const place = worktree ?? this.deps.worktreeOf?.(record?.cwd);
    return this.openTab((session) => session.openExisting(agent, sessionId), place);
  }

  /** The open tab showing a session, if any. */
  tabOf(sessionId: string): { key: string; session: ChatSession } | undefined {
    const found = [...this.tabs].find(([, session]) => session.sessionId === sessionId);
    return found && { key: found[0], session: found[1] };
  }

  /** A live connection to `agent` (a tab's), for session administration. */
  liveClient(agent: string): AgentClient | undefined {
    return [...this.tabs.values()]
      .map((s) => s.agentClient)
      .find((client) => client?.name === agent && !client.isStopping);
  }

  /** What each agent seen this run offers of the unstable session methods (the list shows their actions). */
  featuresOf(agent: string): UnstableSessionCapabilities | undefined {
    return this.features.get(agent);
  }

  activate(key: string): void {
    if (!this.tabs.has(key) || this.activeKey === key) return;
    this.activeKey = key;
    this.changed();
  }

  /** Closes a tab: `session/close` when the agent supports it, then the agent stops. */
  async closeTab(key: string): Promise<void> {
    const session = this.tabs.get(key);
    if (!session) return;
    const keys = [...this.tabs.keys()];
    this.tabs.delete(key);
    this.subscriptions.get(key)?.dispose();
    this.subscriptions.delete(key);
    void this.transcripts?.release(session);
    if (this.activeKey === key) this.activeKey = keys[keys.indexOf(key) + 1] ?? keys[keys.indexOf(key) - 1];
    this.changed();
    const client = session.agentClient;
    const sessionId = session.sessionId;
    const init = client?.initResult;
    if (client && sessionId && init && capabilitiesOf(init).close)
      await client.connection.closeSession(sessionId).catch(() => undefined);
    await session.dispose();
    for (const listener of this.closedListeners) listener(session);
  }

  /**
   * Deletes a session on the agent's side (confirmed by the caller) and from the local index. The
   * delete goes out before its tab closes (closing stops the tab's agent); with no live connection
   * to that agent, one is opened just for the delete.
   */
  async deleteSession(agent: string, sessionId: string): Promise<void> {
    const openIn = [...this.tabs].find(([, session]) => session.sessionId === sessionId);
    const live = openIn?.[1].agentClient ?? this.liveClient(agent);
    if (live && !live.isStopping) await deleteWith(live, sessionId);
    else await withTemporaryClient(this.deps, agent, (client) => deleteWith(client, sessionId));
    if (openIn) await this.closeTab(openIn[0]);
    this.index.remove(agent, sessionId);
    this.closedTabs.forget(agent, sessionId);
    await this.transcripts?.remove(agent, sessionId);
    this.changed();
  }

  /** Sessions of every agent with a live connection (sessionListing.ts) plus the local index, with their status. */
  async listSessions(): Promise<SessionListItem[]> {
    const items = new Map<string, SessionListItem>();
    const open = new Map(
      [...this.tabs].flatMap(([key, session]) =>
        session.sessionId ? [[session.sessionId, { key, session }] as const] : [],
      ),
    );
    for (const record of this.index.all()) {
      const { titleByUser: _byUser, ...item } = record;
      items.set(`${record.agent}\u0000${record.sessionId}`, {
        ...item,
        title: record.title ?? (this.deps.translate ?? english)("Untitled session"),
        status: "closed",
      });
    }
    // Tabs still starting their agent (restored after a reload) are waited for, bounded.
    const agents = await readyAgents(
      [...this.tabs.values()].map((session) => session.agentClient),
      this.deps.clock,
    );
    await mergeAgentLists(items, agents, this.index.all(), this.deps.translate, this.unused);
    const withStatus = await this.statuses.sessionStatuses(
      [...items.values()],
      (agent) => agents.find(({ client }) => client.name === agent && !client.isStopping)?.client,
    );
    return withStatus
      .map((item) => (this.features.get(item.agent)?.archive ? { ...item, canArchive: true } : item))
      .map((item) => {
        const tab = open.get(item.sessionId);
        return tab ? { ...item, status: summarise(tab.key, tab.session).status, tabKey: tab.key } : item;
      })
      .sort((a, b) => (b.updatedAt ?? "").localeCompare(a.updatedAt ?? ""));
  }

  /** Open tabs with a session, for restoring after a reload. */
  openTabs(): { tabs: OpenTabRecord[]; active?: number } {
    const entries = [...this.tabs].filter(
      ([, s]) => s.sessionId !== undefined && s.store.state.connection.status !== "none",
    );
    const active = entries.findIndex(([key]) => key === this.activeKey);
    return {
      tabs: entries.map(([, s]) => {
        const queued = s.store.state.thread.queue.map((item) => item.text);
        return {
          agent: connectionAgent(s) ?? "",
          sessionId: s.sessionId ?? "",
          ...(queued.length ? { queued } : {}),
          ...(s.worktree ? { worktree: s.worktree } : {}),
        };
      }),
      ...(active >= 0 ? { active } : {}),
    };
  }

  async dispose(): Promise<void> {
    await this.transcripts?.flush();
    for (const subscription of this.subscriptions.values()) subscription.dispose();
    await Promise.all([...this.tabs.values()].map((session) => session.dispose()));
    this.tabs.clear();
    if (this.ownProcesses) await this.processes.dispose();
  }

  private createTab(worktree?: TabWorktree): { key: string; session: ChatSession } {
    const key = `tab-${++this.counter}`;
    const transcripts = this.transcripts;
    const checkpoints = worktree ? this.deps.worktreeCheckpoints?.(worktree.path) : this.deps.checkpoints;
    const { checkpoints: _workspaceOnes, ...deps } = this.deps;
    const session = new ChatSession({
      ...deps,
      ...(checkpoints ? { checkpoints } : {}),
      ...(worktree ? { workspace: worktreeWorkspace(this.deps.workspace, worktree), worktree } : {}),
      agentProcesses: this.processes,
      ...(transcripts ? { transcripts: { get: (agent: string, id: string) => transcripts.get(agent, id) } } : {}),
    });
    session.refreshAgents();
    this.tabs.set(key, session);
    let last = "";
    let lastStatus: TabStatus | undefined;
    this.subscriptions.set(
      key,
      session.store.subscribe(() => {
        const summary = summarise(key, session, this.deps.translate);
        // A turn that ends (or waits for the user, or fails) is written at once: a reload right after finds it.
        const settled = summary.status !== lastStatus && summary.status !== "running" && summary.status !== "starting";
        this.transcripts?.keep(session, settled);
        lastStatus = summary.status;
        // The queue is saved with the open tabs, so a change to it counts as a change too.
        const now = JSON.stringify([summary, session.store.state.thread.queue]);
        if (now === last) return;
        last = now;
        this.remember(session);
        this.changed();
      }),
    );
    return { key, session };
  }

  private remember(session: ChatSession): void {
    const agent = connectionAgent(session);
    const sessionId = session.sessionId;
    if (!agent || !sessionId) return;
    // A session that continues one its agent could not reopen takes that one's place in the list.
    const replaced = session.continues;
    if (
      replaced &&
      replaced !== sessionId &&
      this.index.all().some((r) => r.agent === agent && r.sessionId === replaced)
    )
      this.index.remove(agent, replaced);
    const client = session.agentClient;
    if (client) {
      this.features.set(agent, unstableCapabilitiesOf(client.init));
      this.statuses.refreshAuth(client, () => this.changed());
    }
    const known = this.index.all().find((r) => r.agent === agent && r.sessionId === sessionId);
    // Nothing said and nothing shown yet: not history (a record kept from before is only refreshed).
    if (session.store.state.thread.entries.length === 0 && !known) {
      this.unused.note(agent, sessionId);
      return;
    }
    this.unused.used(agent, sessionId);
    // A title the user gave stays (upsert keeps the previous title when none is passed).
    const byUser = known?.titleByUser === true;
    const title = byUser ? undefined : (session.store.state.thread.title ?? firstPromptLine(session));
    this.index.upsert({
      agent,
      sessionId,
      cwd: session.worktree?.path ?? this.deps.workspace.cwd(),
      updatedAt: new Date(this.deps.clock.now()).toISOString(),
      ...(title ? { title } : {}),
    });
  }

  changed(): void {
    for (const listener of this.listeners) listener();
  }
}

async function deleteWith(client: AgentClient, sessionId: string): Promise<void> {
  // A tab's agent may still be starting: its answer to `initialize` says whether it can delete.
  const init = client.initResult ?? (await client.handshake);
  if (init && capabilitiesOf(init).delete) await client.connection.deleteSession(sessionId);
}
