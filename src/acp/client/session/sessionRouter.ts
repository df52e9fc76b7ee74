/**
 * The client callbacks of a connection that several tabs share (agentProcesses.ts): each
 * session-scoped request (fs, terminal, permission, forms) goes to the tab that owns its
 * `sessionId`, through that tab's own services. A session id no tab owns is refused (-32602), so
 * one session's agent can never read files, run commands or ask the user through another tab.
 *
 * Quirk: an agent may call back for a session before the `session/new` response that names it
 * reaches us. A request for an id this connection has never attached goes to the tab opening a
 * session when exactly one is (it can only be that new session; waiting could deadlock an open
 * that needs the answer). With several opening at once, it waits for their openings to settle,
 * then is routed or refused. An id attached before that no tab owns any more (a session a tab
 * left) is refused at once: it must not reach whichever tab opens next. A load or resume names
 * its session up front (`opening(…, sessionId)`), so its requests need no fallback.
 */
import * as acp from "@agentclientprotocol/sdk";
import type {
  ClientCallbacks,
  ElicitationCallbacks,
  FileSystemCallbacks,
  TerminalCallbacks,
} from "../connection/clientCallbacks";

/** One tab on the connection: which sessions are its own (its session and the children it announced). */
export interface RoutedTab {
  owns(sessionId: string): boolean;
  readonly callbacks: ClientCallbacks;
}

export interface TabRoute {
  /**
   * Requests for unknown sessions wait for `opening` before they are refused; `sessionId`, the
   * session being reopened (load, resume), is this tab's meanwhile.
   */
  opening<T>(opening: Promise<T>, sessionId?: string): Promise<T>;
  dispose(): void;
}

export class SessionRouter {
  private readonly tabs = new Set<RoutedTab>();
  /** The openings in flight, with the tab opening each and the session it reopens. */
  private readonly openings = new Map<Promise<unknown>, { tab: RoutedTab; sessionId: string | undefined }>();
  /** What the connection advertises: the groups the tabs' callbacks have (tabs of one agent share one shape). */
  readonly callbacks: ClientCallbacks;

  /** `attached`: whether the connection ever attached `sessionId` (AgentClient.hasAttached). */
  constructor(
    shape: ClientCallbacks,
    private readonly attached: (sessionId: string) => boolean = () => false,
  ) {
    this.callbacks = {
      requestPermission: async (params, signal) => {
        const tab = await this.owner(params.sessionId);
        return tab.callbacks.requestPermission
          ? tab.callbacks.requestPermission(params, signal)
          : { outcome: { outcome: "cancelled" } };
      },
      ...(shape.fs ? { fs: this.fileSystem() } : {}),
      ...(shape.terminal ? { terminal: this.terminal() } : {}),
      ...(shape.elicitation ? { elicitation: this.elicitation() } : {}),
      ...(shape.subagentEvents === undefined ? {} : { subagentEvents: shape.subagentEvents }),
    };
  }

  get size(): number {
    return this.tabs.size;
  }

  add(tab: RoutedTab): TabRoute {
    this.tabs.add(tab);
    return {
      opening: <T>(opening: Promise<T>, sessionId?: string) => {
        this.openings.set(opening, { tab, sessionId });
        const settled = () => void this.openings.delete(opening);
        opening.then(settled, settled);
        return opening;
      },
      dispose: () => {
        this.tabs.delete(tab);
        for (const [opening, opener] of this.openings) if (opener.tab === tab) this.openings.delete(opening);
      },
    };
  }

  /** The tab that owns `sessionId`; throws -32602 when none does (after the openings in flight settle). */
  private async owner(sessionId: unknown): Promise<RoutedTab> {
    const id = typeof sessionId === "string" ? sessionId : undefined;
    let tab = id === undefined ? undefined : (this.find(id) ?? this.reopening(id));
    if (!tab && id !== undefined && !this.attached(id) && this.openings.size > 0) {
      const openers = new Set([...this.openings.values()].map((opener) => opener.tab));
      if (openers.size === 1) return [...openers][0]!;
      await Promise.allSettled([...this.openings.keys()]);
      tab = this.find(id);
    }
    if (!tab)
      throw acp.RequestError.invalidParams(
        { sessionId: id ?? null },
        id !== undefined && this.attached(id)
          ? "session no longer open in any tab on this connection"
          : "unknown session on this connection",
      );
    return tab;
  }

  private reopening(sessionId: string): RoutedTab | undefined {
    for (const opener of this.openings.values()) if (opener.sessionId === sessionId) return opener.tab;
    return undefined;
  }

  private find(sessionId: string): RoutedTab | undefined {
    for (const tab of this.tabs) if (tab.owns(sessionId)) return tab;
    return undefined;
  }

  private async group<K extends "fs" | "terminal" | "elicitation">(
    sessionId: unknown,
    key: K,
  ): Promise<NonNullable<ClientCallbacks[K]>> {
    const group = (await this.owner(sessionId)).callbacks[key];
    if (!group) throw acp.RequestError.methodNotFound(key);
    return group;
  }

  private fileSystem(): FileSystemCallbacks {
    return {
      readTextFile: async (params, signal) => (await this.group(params.sessionId, "fs")).readTextFile(params, signal),
      writeTextFile: async (params, signal) => (await this.group(params.sessionId, "fs")).writeTextFile(params, signal),
    };
  }

  private terminal(): TerminalCallbacks {
    const to = (sessionId: string) => this.group(sessionId, "terminal");
    return {
      create: async (params) => (await to(params.sessionId)).create(params),
      output: async (params) => (await to(params.sessionId)).output(params),
      waitForExit: async (params, signal) => (await to(params.sessionId)).waitForExit(params, signal),
      kill: async (params) => (await to(params.sessionId)).kill(params),
      release: async (params) => (await to(params.sessionId)).release(params),
    };
  }

  private elicitation(): ElicitationCallbacks {
    return {
      // A request-scoped form (no sessionId) has no tab to show in: refused like an unknown session.
      create: async (params, signal) =>
        (await this.group("sessionId" in params ? params.sessionId : undefined, "elicitation")).create(params, signal),
      // Completion names only the elicitation: each tab's broker ignores ids it did not open.
      complete: (params) => {
        for (const tab of this.tabs) tab.callbacks.elicitation?.complete(params);
      },
    };
  }
}
