/**
 * What components may use: per-component selectors over the replica store, and typed host
 * actions. Components never post messages themselves.
 */
import { createContext, useCallback, useContext, useEffect, useSyncExternalStore } from "react";
import type { PanelState } from "../src/shared/panelState";
import type { Attachment } from "../src/shared/protocol";
import { postToHost } from "./bridge";
import type { ComposerCommand, ComposerInbox } from "./composerInbox";
import type { FormErrorStore } from "./formErrorStore";
import type { ReplicaStore } from "./store";

export interface PanelServices {
  readonly store: ReplicaStore;
  readonly composerInbox: ComposerInbox;
  readonly formErrors: FormErrorStore;
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

/** The host's verdict on a submitted form, by field key (empty until it objects). */
export function useFormErrors(requestId: string): Readonly<Record<string, string>> {
  const { formErrors } = useServices();
  const get = useCallback(() => formErrors.get(requestId), [formErrors, requestId]);
  return useSyncExternalStore(formErrors.subscribe, get);
}

/** The user's intents, as typed host messages. Stable functions: safe in deps and memo props. */
export const hostActions = {
  sendPrompt: (text: string, attachments: Attachment[] = []) => postToHost({ type: "prompt/send", text, attachments }),
  cancelTurn: () => postToHost({ type: "turn/cancel" }),
  selectAgent: (agent: string) => postToHost({ type: "agent/select", agent }),
  restartAgent: () => postToHost({ type: "agent/restart" }),
  showLogs: () => postToHost({ type: "logs/show" }),
  answerPermission: (requestId: string, optionId: string) => postToHost({ type: "permission/answer", requestId, optionId }),
  submitForm: (requestId: string, values: Record<string, unknown>) => postToHost({ type: "form/submit", requestId, values }),
  declineForm: (requestId: string) => postToHost({ type: "form/decline", requestId }),
  cancelForm: (requestId: string) => postToHost({ type: "form/cancel", requestId }),
  setConfig: (configId: string, value: string | boolean) => postToHost({ type: "config/set", configId, value }),
  setMode: (modeId: string) => postToHost({ type: "mode/set", modeId }),
  openDiff: (path: string, oldText: string | null | undefined, newText: string) =>
    postToHost(oldText === undefined ? { type: "diff/open", path, newText } : { type: "diff/open", path, oldText, newText }),
  openLocation: (path: string, line?: number | null) => postToHost(line == null ? { type: "location/open", path } : { type: "location/open", path, line }),
  searchMentions: (query: string) => postToHost({ type: "mention/search", query }),
  setFollow: (enabled: boolean) => postToHost({ type: "follow/set", enabled }),
  openLink: (href: string) => postToHost({ type: "link/open", href }),
} as const;

export type HostActions = typeof hostActions;

export function useHostActions(): HostActions {
  return hostActions;
}
