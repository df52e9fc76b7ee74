/**
 * Copy, Retry and (on the user's messages) Edit under a message. Retry sends the prompt again as a
 * new turn (on an agent reply: the prompt it answered); Edit puts a sent message back in the
 * composer, to change and send as a new turn. ACP has no way to rewrite a session's history, so
 * the earlier turn stays in the transcript. Retry resends the text, not the attachments.
 */
import { useCallback } from "react";
import { useHostActions, usePanel, usePanelReader, useSetComposerText } from "../hooks";
import { promptOf } from "../messageText";
import { Codicon } from "./Codicon";
import { t } from "../l10n";

interface MessageActionsProps {
  /** The text Copy writes. */
  readonly text: string;
  /** The entry whose prompt Retry resends: the user message itself, or the reply's. */
  readonly entryId: string;
  /** Offer Edit (the user's own messages). */
  readonly editable?: boolean;
}

export function MessageActions({ text, entryId, editable = false }: MessageActionsProps) {
  const { copyText, sendPrompt } = useHostActions();
  const setComposerText = useSetComposerText();
  const readState = usePanelReader();
  const canRetry = usePanel((state) => state.connection.status === "ready" && state.thread.turn.phase === "idle");
  const retry = useCallback(() => {
    const prompt = promptOf(readState().thread.entries, entryId);
    if (prompt !== undefined) sendPrompt(prompt);
  }, [readState, entryId, sendPrompt]);
  return (
    <div className="message-actions" role="toolbar" aria-label={t("Message actions")}>
      {text === "" ? null : <ActionButton icon="copy" label={t("Copy")} onClick={() => copyText(text)} />}
      <ActionButton icon="refresh" label={t("Retry")} disabled={!canRetry} onClick={retry} />
      {editable ? <ActionButton icon="edit" label={t("Edit")} onClick={() => setComposerText(text)} /> : null}
    </div>
  );
}

function ActionButton({
  icon,
  label,
  disabled = false,
  onClick,
}: {
  icon: string;
  label: string;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className="icon-button message-action"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
    >
      <Codicon name={icon} />
    </button>
  );
}
