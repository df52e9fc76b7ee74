/**
 * The unsent prompt of one tab: its text and attachment chips. UI state, saved on every edit
 * under the tab's key (see draftBook.ts), so it survives switching tabs and reloading the view.
 * The draft box is keyed by the same tab key, so a tab switch mounts it with that tab's draft.
 */
import { useCallback, useRef, useState } from "react";
import type { Attachment } from "../../src/shared/wire/protocol";
import { withAttachments } from "../../src/shared/wire/attachmentSource";
import { readDraft, writeDraft } from "./draftBook";

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

export function useDraft(key: string): Draft {
  const [initial] = useState(() => readDraft(key));
  const [text, setTextState] = useState(initial.text);
  const [attachments, setAttachments] = useState<readonly Attachment[]>(initial.attachments);
  const textRef = useRef(text);
  const attachmentsRef = useRef(attachments);

  const save = useCallback(
    () => writeDraft(key, { text: textRef.current, attachments: attachmentsRef.current }),
    [key],
  );

  const setText = useCallback(
    (next: string) => {
      textRef.current = next;
      setTextState(next);
      save();
    },
    [save],
  );

  const saveAttachments = useCallback(
    (next: readonly Attachment[]) => {
      attachmentsRef.current = next;
      setAttachments(next);
      save();
    },
    [save],
  );

  const addAttachments = useCallback(
    (added: readonly Attachment[]) => {
      if (added.length > 0) saveAttachments(withAttachments(attachmentsRef.current, added));
    },
    [saveAttachments],
  );

  const removeAttachment = useCallback(
    (uri: string) => {
      saveAttachments(attachmentsRef.current.filter((a) => a.uri !== uri));
    },
    [saveAttachments],
  );

  const clear = useCallback(() => {
    textRef.current = "";
    attachmentsRef.current = [];
    setTextState("");
    setAttachments([]);
    save();
  }, [save]);

  return { text, attachments, textRef, setText, addAttachments, removeAttachment, clear };
}
