/**
 * "Edit and rerun" in place: the user message becomes a textbox ("Edit message") with Resend and
 * Cancel. Resend asks the host to restore files and conversation to before the message, then send
 * the edited text (`message/editResend`). Ctrl/Cmd+Enter resends, Escape cancels (and is kept from
 * stopping a turn). The draft lives in CheckpointUi, so scrolling the message away keeps it.
 */
import VscodeButton from "@vscode-elements/react-elements/dist/components/VscodeButton.js";
import { type KeyboardEvent, useEffect, useRef } from "react";
import type { MessageEditState } from "./checkpointUi";
import { focusComposer } from "../requests/composerPresence";
import { useHostActions, usePanel } from "../host/hooks";
import { useCheckpointUi } from "./checkpointHooks";
import { t } from "../l10n";

/** The last opening that took focus: a mount after scrolling back does not take it again. */
let focusedOpening = 0;

export function MessageEditor({ edit }: { edit: MessageEditState }) {
  const { entryId, text, opening } = edit;
  const checkpoints = useCheckpointUi();
  const { editResend } = useHostActions();
  const canResend = usePanel((state) => state.connection.status === "ready" && state.thread.turn.phase === "idle");
  const box = useRef<HTMLTextAreaElement>(null);
  const ready = canResend && text.trim() !== "";

  useEffect(() => {
    const element = box.current;
    if (!element || focusedOpening === opening) return;
    focusedOpening = opening;
    element.focus();
    element.setSelectionRange(element.value.length, element.value.length);
  }, [opening]);

  const cancel = () => {
    const article = box.current?.closest("article");
    checkpoints.endEdit(entryId);
    // The actions come back with the message's text on the next render.
    requestAnimationFrame(() =>
      article?.querySelector<HTMLElement>('[data-action="edit-resend"], [data-action="restore-checkpoint"]')?.focus(),
    );
  };
  const resend = () => {
    if (!ready) return;
    editResend(entryId, text.trim());
    checkpoints.endEdit(entryId);
    focusComposer();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      resend();
    } else if (event.key === "Escape") {
      event.preventDefault();
      cancel();
    }
  };

  return (
    <div className="message-editor">
      <textarea
        ref={box}
        className="message-editor-input text-input"
        aria-label={t("Edit message")}
        aria-keyshortcuts="Control+Enter Meta+Enter"
        rows={3}
        value={text}
        onChange={(event) => checkpoints.updateEdit(entryId, event.target.value)}
        onKeyDown={onKeyDown}
      />
      <p className="message-editor-hint">
        {t("Files and conversation go back to before this message, then the edited text is sent.")}
      </p>
      <div className="message-editor-actions">
        <VscodeButton disabled={!ready} aria-disabled={ready ? "false" : "true"} onClick={resend}>
          {t("Rerun")}
        </VscodeButton>
        <VscodeButton secondary onClick={cancel}>
          {t("Cancel")}
        </VscodeButton>
      </div>
    </div>
  );
}
