/**
 * What components may use: per-component selectors over the replica store, and typed host
 * actions. Components never post messages themselves.
 */
import { type Context, createContext, useContext, useSyncExternalStore } from "react";
import type { PanelState } from "../../src/shared/wire/panelState";
import type { Attachment } from "../../src/shared/wire/protocol";
import { postToHost } from "./bridge";
import type {
  AgentCatalog,
  EditorSession,
  HistoryResults,
  HostValueStore,
  SessionList,
  SideChannels,
  TabsState,
} from "./hostValueStore";
import type { ReplicaStore } from "./store";

/**
 * The panel's core services. Each feature folder that keeps a store of its own (composer,
 * requests, review, markdown) provides it through its own context; shell/panelServices.tsx puts
 * them all in place.
 */
export interface CoreServices {
  readonly store: ReplicaStore;
  /** The tab strip, session list and agent catalog: host channels beside the panel state. */
  readonly channels: SideChannels;
}

export const PanelContext = createContext<CoreServices | null>(null);

/** A service from `context`, which must be provided above (shell/panelServices.tsx). */
export function useProvided<T>(context: Context<T | null>, name: string): T {
  const service = useContext(context);
  if (!service) throw new Error(`${name} is missing: render inside <App>.`);
  return service;
}

function useServices(): CoreServices {
  return useProvided(PanelContext, "PanelContext");
}

/**
 * Subscribes to one slice of the panel state. The selector must return a value that is stable
 * while its slice is unchanged (a sub-object of the state, or a primitive): the reducer keeps
 * untouched parts of the state by reference.
 */
export function usePanel<T>(selector: (state: PanelState) => T): T {
  const { store } = useServices();
  return useSyncExternalStore(store.subscribe, () => selector(store.getSnapshot()));
}

export function useHostValue<T>(store: HostValueStore<T>): T {
  return useSyncExternalStore(store.subscribe, store.get);
}

/** The open tabs and which one is active (`tabs/state`). */
export function useTabs(): TabsState {
  return useHostValue(useServices().channels.tabs);
}

/** The last `sessions/list` answer; undefined until the first one arrives. */
export function useSessionList(): SessionList {
  return useHostValue(useServices().channels.sessions);
}

/** The last full-text history search answer (`history/results`). */
export function useHistoryResults(): HistoryResults {
  return useHostValue(useServices().channels.history);
}

/** The agents the first-run view offers, and the problems found in the settings. */
export function useAgentCatalog(): AgentCatalog {
  return useHostValue(useServices().channels.catalog);
}

/** The session this webview shows as an editor tab; undefined in the side panel. */
export function useEditorSession(): EditorSession {
  return useHostValue(useServices().channels.editor);
}

/** The workspace folders, for showing paths relative to them. */
export function useWorkspaceRoots(): readonly string[] {
  return useHostValue(useServices().channels.roots);
}

/** Reads the panel state at the moment of a click (not a subscription: nothing re-renders). */
export function usePanelReader(): () => PanelState {
  const { store } = useServices();
  return store.getSnapshot;
}

/** The user's intents, as typed host messages. Stable functions: safe in deps and memo props. */
export const hostActions = {
  sendPrompt: (text: string, attachments: Attachment[] = []) => postToHost({ type: "prompt/send", text, attachments }),
  cancelTurn: () => postToHost({ type: "turn/cancel" }),
  selectAgent: (agent: string) => postToHost({ type: "agent/select", agent }),
  addAgent: (source?: "registry") =>
    postToHost(source === undefined ? { type: "agents/add" } : { type: "agents/add", source }),
  copyText: (text: string) => postToHost({ type: "clipboard/copy", text }),
  restartAgent: () => postToHost({ type: "agent/restart" }),
  installAgent: (agent: string) => postToHost({ type: "agent/install", agent }),
  showLogs: () => postToHost({ type: "logs/show" }),
  answerPermission: (requestId: string, optionId: string, note?: string) =>
    postToHost({ type: "permission/answer", requestId, optionId, ...(note ? { note } : {}) }),
  submitForm: (requestId: string, values: Record<string, unknown>) =>
    postToHost({ type: "form/submit", requestId, values }),
  declineForm: (requestId: string) => postToHost({ type: "form/decline", requestId }),
  cancelForm: (requestId: string) => postToHost({ type: "form/cancel", requestId }),
  setConfig: (configId: string, value: string | boolean) => postToHost({ type: "config/set", configId, value }),
  setMode: (modeId: string) => postToHost({ type: "mode/set", modeId }),
  setProvider: (providerId: string, apiType: string, baseUrl: string) =>
    postToHost({ type: "provider/set", providerId, apiType, baseUrl }),
  disableProvider: (providerId: string) => postToHost({ type: "provider/disable", providerId }),
  openDiff: (path: string, oldText: string | null | undefined, newText: string) =>
    postToHost(
      oldText === undefined ? { type: "diff/open", path, newText } : { type: "diff/open", path, oldText, newText },
    ),
  openLocation: (path: string, line?: number | null, column?: number) =>
    postToHost({
      type: "location/open",
      path,
      ...(line == null ? {} : { line }),
      ...(line == null || column === undefined ? {} : { column }),
    }),
  killTerminal: (terminalId: string) => postToHost({ type: "terminal/kill", terminalId }),
  searchMentions: (query: string) => postToHost({ type: "mention/search", query }),
  /** The host asks the user, fetches and answers with `composer/attach`; the webview never fetches. */
  fetchMention: (url: string) => postToHost({ type: "mention/fetch", url }),
  setFollow: (enabled: boolean) => postToHost({ type: "follow/set", enabled }),
  openLink: (href: string) => postToHost({ type: "link/open", href }),
  openSettings: () => postToHost({ type: "settings/open" }),
  openRemoteSettings: () => postToHost({ type: "settings/openRemote" }),
  activateTab: (key: string) => postToHost({ type: "tab/activate", key }),
  closeTab: (key: string) => postToHost({ type: "tab/close", key }),
  openInEditor: (key: string) => postToHost({ type: "tab/openInEditor", key }),
  refreshSessions: () => postToHost({ type: "sessions/refresh" }),
  searchHistory: (query: string) => postToHost({ type: "history/search", query }),
  openSession: (agent: string, sessionId: string) => postToHost({ type: "session/open", agent, sessionId }),
  deleteSession: (agent: string, sessionId: string) => postToHost({ type: "session/delete", agent, sessionId }),
  renameSession: (agent: string, sessionId: string) => postToHost({ type: "session/rename", agent, sessionId }),
  archiveSession: (agent: string, sessionId: string, archived: boolean) =>
    postToHost({ type: "session/archive", agent, sessionId, archived }),
  editQueued: (id: string, text: string) => postToHost({ type: "queue/edit", id, text }),
  removeQueued: (id: string) => postToHost({ type: "queue/remove", id }),
  sendQueuedNow: (id: string) => postToHost({ type: "queue/sendNow", id }),
  sendQueuedAgain: (id: string) => postToHost({ type: "queue/sendAgain", id }),
  reviewDiff: (path: string) => postToHost({ type: "review/diff", path }),
  reviewKeep: (path: string) => postToHost({ type: "review/keep", path }),
  reviewUndo: (path: string) => postToHost({ type: "review/undo", path }),
  reviewRedo: (path: string) => postToHost({ type: "review/redo", path }),
  reviewAll: () => postToHost({ type: "review/all" }),
  previewCheckpoint: (entryId: string) => postToHost({ type: "checkpoint/preview", entryId }),
  restoreCheckpoint: (entryId: string, conversation: boolean) =>
    postToHost({ type: "checkpoint/restore", entryId, conversation }),
  redoRestore: (restoreId: string) => postToHost({ type: "checkpoint/redo", restoreId }),
  bringBackCheckpoint: (checkpointId: string) => postToHost({ type: "checkpoint/bringBack", checkpointId }),
  editResend: (entryId: string, text: string) => postToHost({ type: "message/editResend", entryId, text }),
} as const;

export type HostActions = typeof hostActions;

export function useHostActions(): HostActions {
  return hostActions;
}
