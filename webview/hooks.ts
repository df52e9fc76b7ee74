/**
 * What components may use: per-component selectors over the replica store, and typed host
 * actions. Components never post messages themselves.
 */
import type { Attachment } from "../src/shared/protocol";
import { createContext, useContext, useEffect, useSyncExternalStore } from "react";
import type { PanelState } from "../src/shared/panelState";
import { postToHost } from "./bridge";
import type { ComposerCommand, ComposerInbox } from "./composerInbox";
import type { ReplicaStore } from "./store";

export interface PanelServices {
  readonly store: ReplicaStore;
  readonly composerInbox: ComposerInbox;
}

export const PanelContext = createContext<PanelServices | null>(null);

function useServices(): PanelServices {
  const services = useContext(PanelContext);
  if (!services) throw new Error("PanelContext is missing: render inside <App>.");
  return services;
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

export function useComposerCommands(listener: (command: ComposerCommand) => void): void {
  const { composerInbox } = useServices();
  useEffect(() => composerInbox.listen(listener), [composerInbox, listener]);
}

/** The user's intents, as typed host messages. Stable functions: safe in deps and memo props. */
export const hostActions = {
  sendPrompt: (text: string, attachments: Attachment[] = []) => postToHost({ type: "prompt/send", text, attachments }),
  cancelTurn: () => postToHost({ type: "turn/cancel" }),
  selectAgent: (agent: string) => postToHost({ type: "agent/select", agent }),
  restartAgent: () => postToHost({ type: "agent/restart" }),
  showLogs: () => postToHost({ type: "logs/show" }),
} as const;

export type HostActions = typeof hostActions;

export function useHostActions(): HostActions {
  return hostActions;
}
