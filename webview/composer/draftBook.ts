/**
 * Unsent drafts, one per tab: the composer's text and attachment chips are UI state, kept in the
 * webview state under the active tab's key (`tabs/state` activeKey), so switching tabs and
 * reloading the view both bring each tab's draft back.
 *
 * Until the host names a tab (first load, or a host without tabs) the draft lives under the key
 * the composer used last; a draft typed before any tab was known moves to the first tab.
 */
import type { Attachment } from "../../src/shared/wire/protocol";
import { type SavedDraft, getUiState, setUiState } from "../host/bridge";

/** The key of drafts typed while no tab is known. */
export const UNKEYED = "";

export interface StoredDraft {
  readonly text: string;
  readonly attachments: readonly Attachment[];
}

const empty: StoredDraft = { text: "", attachments: [] };

/** The key the composer should use: the active tab, else the last key used. */
export function draftKeyFor(activeKey: string | undefined): string {
  return activeKey ?? getUiState().draftKey ?? UNKEYED;
}

export function readDraft(key: string): StoredDraft {
  const { drafts, draftKey } = getUiState();
  if (draftKey !== key) setUiState({ draftKey: key });
  const saved = drafts?.[key];
  const unkeyed = drafts?.[UNKEYED];
  if (key !== UNKEYED && saved === undefined && unkeyed !== undefined) {
    // Typed before the host told us which tab this is: it belongs to the first tab we learn of.
    writeDrafts({ [UNKEYED]: undefined, [key]: unkeyed });
    return toStored(unkeyed);
  }
  return toStored(saved);
}

export function writeDraft(key: string, draft: StoredDraft): void {
  const isEmpty = draft.text === "" && draft.attachments.length === 0;
  const saved: SavedDraft | undefined = isEmpty
    ? undefined
    : {
        ...(draft.text === "" ? {} : { text: draft.text }),
        ...(draft.attachments.length === 0 ? {} : { attachments: [...draft.attachments] }),
      };
  writeDrafts({ [key]: saved });
}

/** Forgets drafts of tabs that are no longer open (keeps the unkeyed one). */
export function pruneDrafts(openKeys: readonly string[]): void {
  const drafts = getUiState().drafts;
  if (!drafts || openKeys.length === 0) return;
  const keep = new Set([...openKeys, UNKEYED]);
  const stale = Object.keys(drafts).filter((key) => !keep.has(key));
  if (stale.length > 0) writeDrafts(Object.fromEntries(stale.map((key) => [key, undefined])));
}

function writeDrafts(patch: Record<string, SavedDraft | undefined>): void {
  const next: Record<string, SavedDraft> = { ...getUiState().drafts };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) delete next[key];
    else next[key] = value;
  }
  setUiState({ drafts: Object.keys(next).length === 0 ? undefined : next });
}

function toStored(saved: SavedDraft | undefined): StoredDraft {
  return saved ? { text: saved.text ?? "", attachments: saved.attachments ?? [] } : empty;
}
