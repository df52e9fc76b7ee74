/**
 * The confirmation under a user message after "Restore checkpoint": what the host says a restore
 * would change (`checkpoint/preview`: files with line counts, warnings, or why it can't be done),
 * "Restore files only" (the default) or "Restore files and conversation", then Restore or Cancel.
 * Non-modal (role="group"): focus moves in when it opens and to the choice once the answer is in;
 * Escape cancels; either way focus goes back to the message's "Restore checkpoint" button.
 */
import VscodeButton from "@vscode-elements/react-elements/dist/components/VscodeButton.js";
import { type KeyboardEvent, useEffect, useRef } from "react";
import type { RestoreCardState } from "./checkpointUi";
import { shortPaths } from "../ui/displayPaths";
import { useHostActions, usePanel } from "../host/hooks";
import { useCheckpointUi } from "./checkpointHooks";
import { Codicon } from "../ui/Codicon";
import { t } from "../l10n";

type PreviewFile = NonNullable<RestoreCardState["preview"]>["files"][number];

/** Cards (by state object) that have had their focus: one scrolled back into view must not take it again. */
const focusedStates = new WeakSet<RestoreCardState>();

export function RestoreCard({ card }: { card: RestoreCardState }) {
  const { entryId, preview, conversation } = card;
  const checkpoints = useCheckpointUi();
  const { restoreCheckpoint } = useHostActions();
  const turnIdle = usePanel((state) => state.thread.turn.phase === "idle");
  const root = useRef<HTMLDivElement>(null);

  // Opened: the card takes focus. Answered: the checked choice does, unless the user went elsewhere.
  useEffect(() => {
    const element = root.current;
    if (!element || focusedStates.has(card)) return;
    focusedStates.add(card);
    const active = document.activeElement;
    const untouched = active === element || active === document.body || !!active?.closest(".message-actions");
    if (!untouched) return;
    const choice = element.querySelector<HTMLElement>("input[type=radio]:checked");
    (choice ?? element).focus({ preventScroll: true });
    element.scrollIntoView({ block: "nearest" });
  }, [card]);

  const close = () => {
    root.current?.closest("article")?.querySelector<HTMLElement>('[data-action="restore-checkpoint"]')?.focus();
    checkpoints.closeCard(entryId);
  };
  const restore = () => {
    if (!turnIdle) return;
    restoreCheckpoint(entryId, conversation);
    close();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "Escape") return;
    // Handled here: the composer's document-wide Escape would stop the turn.
    event.preventDefault();
    close();
  };

  const canRestore = preview !== undefined && preview.error === undefined;
  return (
    <div
      className="restore-card"
      role="group"
      aria-label={t("Restore checkpoint")}
      tabIndex={-1}
      ref={root}
      onKeyDown={onKeyDown}
    >
      <div className="restore-heading">
        <Codicon name="history" className="heading-icon" />
        <span>{t("Restore the files to what they held just before this message")}</span>
      </div>
      <div className="restore-body" aria-live="polite">
        {preview === undefined ? (
          <p className="restore-note">
            <Codicon name="loading" spin /> {t("Checking which files would change…")}
          </p>
        ) : preview.error !== undefined ? (
          <p className="restore-error">
            <Codicon name="error" className="severity-error" />
            <span>{preview.error}</span>
          </p>
        ) : (
          <>
            <RestoreFiles files={preview.files} />
            {preview.warnings.length > 0 ? (
              <ul className="restore-warnings" role="list" aria-label={t("Warnings")}>
                {preview.warnings.map((warning, index) => (
                  <li key={index}>
                    <Codicon name="warning" className="severity-warning" />
                    <span>{warning}</span>
                  </li>
                ))}
              </ul>
            ) : null}
          </>
        )}
      </div>
      {canRestore ? (
        <fieldset className="restore-choice" role="radiogroup">
          <legend>{t("What to restore")}</legend>
          <RestoreChoice
            entryId={entryId}
            conversation={false}
            chosen={!conversation}
            label={t("Restore files only")}
          />
          <RestoreChoice
            entryId={entryId}
            conversation
            chosen={conversation}
            label={t("Restore files and conversation")}
          />
        </fieldset>
      ) : null}
      <div className="restore-actions">
        {canRestore ? (
          <VscodeButton disabled={!turnIdle} aria-disabled={turnIdle ? "false" : "true"} onClick={restore}>
            {t("Restore")}
          </VscodeButton>
        ) : null}
        <VscodeButton secondary onClick={close}>
          {t("Cancel")}
        </VscodeButton>
      </div>
    </div>
  );
}

function RestoreChoice({
  entryId,
  conversation,
  chosen,
  label,
}: {
  entryId: string;
  conversation: boolean;
  chosen: boolean;
  label: string;
}) {
  const checkpoints = useCheckpointUi();
  const id = `restore-${entryId}-${conversation ? "conversation" : "files"}`;
  return (
    <div className="restore-option">
      <input
        id={id}
        type="radio"
        name={`restore-${entryId}`}
        checked={chosen}
        onChange={(event) => event.target.checked && checkpoints.chooseConversation(entryId, conversation)}
      />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

const statusBadge: Record<PreviewFile["status"], string | undefined> = {
  added: t("new"),
  deleted: t("deleted"),
  modified: undefined,
};

function RestoreFiles({ files }: { files: readonly PreviewFile[] }) {
  if (files.length === 0) return <p className="restore-note">{t("No files would change")}</p>;
  const names = shortPaths(files.map((file) => file.path));
  return (
    <>
      <p className="restore-note">
        {files.length === 1 ? t("1 file will change") : t("{0} files will change", files.length)}
      </p>
      <ul className="change-list restore-files" role="list" aria-label={t("Files that will change")}>
        {files.map((file) => {
          const badge = statusBadge[file.status];
          return (
            <li className="change-row" key={file.path}>
              <Codicon name={file.binary ? "file-binary" : "file"} className="change-icon" />
              <span className="change-path" title={file.path}>
                {names.get(file.path) ?? file.path}
              </span>
              {badge === undefined ? null : <span className="badge">{badge}</span>}
              {file.binary ? (
                <span className="badge">{t("binary")}</span>
              ) : (
                <span className="change-stats">
                  <span className="diff-stat-added">+{file.additions}</span>{" "}
                  <span className="diff-stat-removed">−{file.deletions}</span>
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}
