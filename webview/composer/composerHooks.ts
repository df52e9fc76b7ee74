/** The composer's inbox, provided by the shell (shell/panelServices.tsx), and the hooks over it. */
import { createContext, useCallback, useEffect } from "react";
import { useProvided } from "../host/hooks";
import type { ComposerCommand, ComposerInbox } from "./composerInbox";

export const ComposerInboxContext = createContext<ComposerInbox | null>(null);

/** Puts text in the composer (replacing the draft) and the caret after it. */
export function useSetComposerText(): (text: string) => void {
  const inbox = useProvided(ComposerInboxContext, "ComposerInboxContext");
  return useCallback((text: string) => inbox.deliver({ type: "composer/set", text }), [inbox]);
}

export function useComposerCommands(listener: (command: ComposerCommand) => void): void {
  const inbox = useProvided(ComposerInboxContext, "ComposerInboxContext");
  useEffect(() => inbox.listen(listener), [inbox, listener]);
}
