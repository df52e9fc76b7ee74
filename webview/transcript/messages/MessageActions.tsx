/**
 * Copy, Retry and (on the user's messages) Edit under a message. Retry sends the prompt again as a
 * new turn (on an agent reply: the prompt it answered); Edit puts a sent message back in the
 * composer, to change and send as a new turn. Retry resends the text, not the attachments.
 * A user message with a checkpoint also offers "Restore checkpoint" (asks the host what would
 * change, then a card under the message confirms) and, while no turn runs, "Edit and rerun"
 * (restore files and conversation to before the message, then send the edited text).
 */
import { useCallback } from "react";
import { useHostActions, usePanel, usePanelReader } from "../../host/hooks";
import { useCheckpointUi } from "../../review/checkpointHooks";
import { useSetComposerText } from "../../composer/composerHooks";
import { promptOf } from "./messageText";
import { Codicon } from "../../ui/Codicon";
import { t } from "../../l10n";

interface MessageActionsProps {
  /** The text Copy writes. */
  readonly text: string;
  /** The entry whose prompt Retry resends: the user message itself, or the reply's. */
  readonly entryId: string;
  /** Offer Edit (the user's own messages). */
  readonly editable?: boolean;
  /** The checkpoint taken just before this user message: offer Restore checkpoint and Edit and resend. */
  readonly checkpoint?: string | undefined;
}

export function MessageActions({ text, entryId, editable = false, checkpoint }: MessageActionsProps) {
  const { copyText, sendPrompt, previewCheckpoint } = useHostActions();
  const setComposerText = useSetComposerText();
  const readState = usePanelReader();
  const checkpoints = useCheckpointUi();
  const canRetry = usePanel((state) => state.connection.status === "ready" && state.thread.turn.phase === "idle");
  // Files are not put back under a running turn: the agent would be writing them meanwhile.
  const turnIdle = usePanel((state) => state.thread.turn.phase === "idle");
  const retry = useCallback(() => {
    const prompt = promptOf(readState().thread.entries, entryId);
    if (prompt !== undefined) sendPrompt(prompt);
  }, [readState, entryId, sendPrompt]);
  const restorable = editable && checkpoint !== undefined;
  return (
    <div className="message-actions" role="toolbar" aria-label={t("Message actions")}>
      {text === "" ? null : <ActionButton icon="copy" label={t("Copy")} onClick={() => copyText(text)} />}
      <ActionButton icon="refresh" label={t("Retry")} disabled={!canRetry} onClick={retry} />
      {editable ? <ActionButton icon="edit" label={t("Edit")} onClick={() => setComposerText(text)} /> : null}
      {restorable && canRetry ? (
        <ActionButton
          icon="comment-draft"
          label={t("Edit and rerun")}
          title={t("Edit this message and send it again from here: files and conversation go back to before it")}
          action="edit-resend"
          onClick={() => checkpoints.startEdit(entryId, text)}
        />
      ) : null}
      {restorable ? (
        <ActionButton
          icon="history"
          label={t("Restore checkpoint")}
          title={t("Restore the files to what they held just before this message")}
          action="restore-checkpoint"
          disabled={!turnIdle}
          onClick={() => {
            checkpoints.openCard(entryId);
            previewCheckpoint(entryId);
          }}
        />
      ) : null}
    </div>
  );
}

function ActionButton({
  icon,
  label,
  title = label,
  action,
  disabled = false,
  onClick,
}: {
  icon: string;
  label: string;
  title?: string;
  /** Names the button for focus to return to it (the restore card, the message editor). */
  action?: string;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className="icon-button message-action"
      aria-label={label}
      title={title}
      data-action={action}
      disabled={disabled}
      onClick={onClick}
    >
      <Codicon name={icon} />
    </button>
  );
}
