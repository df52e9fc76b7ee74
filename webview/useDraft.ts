/**
 * The unsent prompt: its text and attachment chips. UI state, saved on every edit so it
 * survives the view being hidden or reloaded.
 */
import { useCallback, useRef, useState } from "react";
import type { Attachment } from "../src/shared/protocol";
import { getUiState, setUiState } from "./bridge";

export interface Draft {
  readonly text: string;
  readonly attachments: readonly Attachment[];
  /** The current text, readable in callbacks without re-creating them. */
  readonly textRef: { readonly current: string };
  readonly setText: (text: string) => void;
  readonly addAttachments: (added: readonly Attachment[]) => void;
  readonly removeAttachment: (uri: string) => void;
  readonly clear: () => void;
}

export function useDraft(): Draft {
  const [text, setTextState] = useState(() => getUiState().draft ?? "");
  const [attachments, setAttachments] = useState<readonly Attachment[]>(() => getUiState().attachments ?? []);
  const textRef = useRef(text);
  const attachmentsRef = useRef(attachments);

  const setText = useCallback((next: string) => {
    textRef.current = next;
    setTextState(next);
    setUiState({ draft: next === "" ? undefined : next });
  }, []);

  const saveAttachments = useCallback((next: readonly Attachment[]) => {
    attachmentsRef.current = next;
    setAttachments(next);
    setUiState({ attachments: next.length === 0 ? undefined : [...next] });
  }, []);

  const addAttachments = useCallback((added: readonly Attachment[]) => {
    const known = new Set(attachmentsRef.current.map((a) => a.uri));
    const fresh = added.filter((a) => !known.has(a.uri) && known.add(a.uri));
    if (fresh.length > 0) saveAttachments([...attachmentsRef.current, ...fresh]);
  }, [saveAttachments]);

  const removeAttachment = useCallback((uri: string) => {
    saveAttachments(attachmentsRef.current.filter((a) => a.uri !== uri));
  }, [saveAttachments]);

  const clear = useCallback(() => {
    setText("");
    saveAttachments([]);
  }, [setText, saveAttachments]);

  return { text, attachments, textRef, setText, addAttachments, removeAttachment, clear };
}
