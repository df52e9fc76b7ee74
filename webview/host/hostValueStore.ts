/**
 * A small replica of one host channel that is not part of the panel state: the tab strip
 * (`tabs/state`), the session list (`sessions/list`), the agent catalog (`agents/catalog`) and the
 * workspace folders (`workspace/roots`), and the session an editor tab shows (`editor/session`).
 * Each message replaces the whole value; components subscribe with `useHostValue`.
 */
import type { HostMessage } from "../../src/shared/wire/protocol";

export class HostValueStore<T> {
  private value: T;
  private readonly listeners = new Set<() => void>();

  constructor(initial: T) {
    this.value = initial;
  }

  set(value: T): void {
    if (value === this.value) return;
    this.value = value;
    for (const listener of this.listeners) listener();
  }

  readonly get = (): T => this.value;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}

type Payload<K extends HostMessage["type"]> = Omit<Extract<HostMessage, { type: K }>, "type">;

export type TabsState = Payload<"tabs/state">;
export type AgentCatalog = Payload<"agents/catalog">;
/** `undefined` until the host first answers `sessions/refresh`. */
export type SessionList = Payload<"sessions/list"> | undefined;

/** The last `history/results` answer (the full-text search of the session list); undefined before the first. */
export type HistoryResults = Payload<"history/results"> | undefined;

/** Set only in an editor tab (*Open Session in Editor*): the session it shows. */
export type EditorSession = Payload<"editor/session"> | undefined;

export const noTabs: TabsState = { tabs: [] };
export const emptyCatalog: AgentCatalog = { agents: [], problems: [] };

/** The stores for the host's side channels, created once in main.tsx. */
export interface SideChannels {
  readonly tabs: HostValueStore<TabsState>;
  readonly sessions: HostValueStore<SessionList>;
  readonly history: HostValueStore<HistoryResults>;
  readonly catalog: HostValueStore<AgentCatalog>;
  readonly roots: HostValueStore<readonly string[]>;
  readonly editor: HostValueStore<EditorSession>;
}

export function createSideChannels(): SideChannels {
  return {
    tabs: new HostValueStore<TabsState>(noTabs),
    sessions: new HostValueStore<SessionList>(undefined),
    history: new HostValueStore<HistoryResults>(undefined),
    catalog: new HostValueStore<AgentCatalog>(emptyCatalog),
    roots: new HostValueStore<readonly string[]>([]),
    editor: new HostValueStore<EditorSession>(undefined),
  };
}

export type SideChannelMessage = Extract<
  HostMessage,
  {
    type: "tabs/state" | "sessions/list" | "history/results" | "agents/catalog" | "workspace/roots" | "editor/session";
  }
>;

/** Routes one side-channel message into its store. */
export function receiveSideChannel(channels: SideChannels, message: SideChannelMessage): void {
  switch (message.type) {
    case "tabs/state": {
      const { type: _type, ...value } = message;
      channels.tabs.set(value);
      return;
    }
    case "sessions/list":
      channels.sessions.set({ sessions: message.sessions });
      return;
    case "history/results":
      channels.history.set({ query: message.query, hits: message.hits });
      return;
    case "agents/catalog":
      channels.catalog.set({
        agents: message.agents,
        problems: message.problems,
        ...(message.remote ? { remote: message.remote } : {}),
      });
      return;
    case "workspace/roots":
      channels.roots.set(message.roots);
      return;
    case "editor/session": {
      const current = channels.editor.get();
      if (current?.agent !== message.agent || current.sessionId !== message.sessionId)
        channels.editor.set({ agent: message.agent, sessionId: message.sessionId });
      return;
    }
  }
}
