/**
 * Which collapsible sections are open: UI state, kept outside the components because the
 * transcript is virtualised (a card scrolled out of view unmounts and must reopen as it was).
 * Only explicit choices are stored, the newest LIMIT of them, in the webview's UI state.
 */
import { useCallback, useEffect, useState } from "react";
import { getUiState, setUiState } from "../host/bridge";

const LIMIT = 300;
const choices = new Map<string, boolean>(Object.entries(getUiState().expanded ?? {}));

export function isExpanded(key: string, defaultOpen: boolean): boolean {
  return choices.get(key) ?? defaultOpen;
}

export function setExpanded(key: string, open: boolean): void {
  choices.delete(key);
  choices.set(key, open);
  while (choices.size > LIMIT) {
    const oldest = choices.keys().next().value;
    if (oldest === undefined) break;
    choices.delete(oldest);
  }
  setUiState({ expanded: Object.fromEntries(choices) });
}

/** `[open, setOpen]` for one section; `key` must be unique and stable (e.g. `<entry id>:output`). */
export function useExpanded(key: string, defaultOpen = false): readonly [boolean, (open: boolean) => void] {
  const [open, setOpenState] = useState(() => isExpanded(key, defaultOpen));
  const setOpen = useCallback(
    (next: boolean) => {
      setOpenState(next);
      setExpanded(key, next);
    },
    [key],
  );
  return [open, setOpen] as const;
}

/** The panels above the composer, each one summary row until the user expands it (issue 29). */
export type PanelKind = "plan" | "files-changed" | "queue";

const panelChoices: Partial<Record<PanelKind, boolean>> = { ...getUiState().panels };

/**
 * `[open, setOpen]` for a panel above the composer: collapsed unless the user expanded it. The
 * choice is per kind, so it holds for every tab and every new plan or queue, and across reloads.
 */
export function usePanelExpanded(kind: PanelKind): readonly [boolean, (open: boolean) => void] {
  const [open, setOpenState] = useState(() => panelChoices[kind] ?? false);
  const setOpen = useCallback(
    (next: boolean) => {
      setOpenState(next);
      panelChoices[kind] = next;
      setUiState({ panels: { ...panelChoices } });
    },
    [kind],
  );
  return [open, setOpen] as const;
}

/**
 * `[open, setOpen]` for a section whose natural state changes (a subagent run: open while it runs,
 * closed once done). The user's explicit choice, once made, wins over `autoOpen`.
 */
export function useAutoExpanded(key: string, autoOpen: boolean): readonly [boolean, (open: boolean) => void] {
  const [choice, setChoice] = useState<boolean | undefined>(() => choices.get(key));
  const setOpen = useCallback(
    (next: boolean) => {
      setChoice(next);
      setExpanded(key, next);
    },
    [key],
  );
  return [choice ?? autoOpen, setOpen] as const;
}

/**
 * `[open, setOpen]` for a tool card: a card that arrives completed starts collapsed, while one
 * shown running stays open when it completes (remembered as if chosen, so it is still open after a
 * reload: nothing collapses under the reader). The user's explicit choice wins either way.
 */
export function useToolCardExpanded(key: string, completed: boolean): readonly [boolean, (open: boolean) => void] {
  const [, rerender] = useState(0);
  useEffect(() => {
    if (!completed && !choices.has(key)) setExpanded(key, true);
  }, [key, completed]);
  const setOpen = useCallback(
    (next: boolean) => {
      setExpanded(key, next);
      rerender((count) => count + 1);
    },
    [key],
  );
  return [choices.get(key) ?? !completed, setOpen] as const;
}
