/**
 * "Files changed": the files changed during the turn (`thread.changes`), above the composer, each
 * with its line counts (or "binary") and Open diff / Keep / Undo. A kept or undone file shows its
 * state instead of buttons. Undo is unavailable, with the host's reason, when it can't be done. A
 * change the agent did not make (origin "user") is marked so and has no Undo: Keep only dismisses
 * it. Collapsed by default to one row, its counts and the actions on all files: "Review all" opens
 * every change in the multi-file diff editor; "Keep all" and "Undo all" act on the files still
 * pending (Undo all only on the agent's undoable ones).
 */
import { memo } from "react";
import type { FileChange } from "../../src/shared/thread/thread";
import { type ChangeLabel, changeLabels } from "../ui/displayPaths";
import { useHostActions, usePanel, useWorkspaceRoots } from "../host/hooks";
import { usePanelExpanded } from "../ui/uiExpansion";
import { Codicon } from "../ui/Codicon";
import { IconButton } from "../ui/IconButton";
import { SummaryToggle } from "../ui/SummaryToggle";
import { t } from "../l10n";

// The reason when an older host sends none.
const NOT_UNDOABLE = t(
  "Cannot undo: the agent changed this file with its own tools and its previous content is unknown",
);

const byUser = (change: FileChange) => change.origin === "user";
/**
 * The agent reported an edit (a tool call's diff or locations) but the file on disk holds what it
 * held before: no line changed. Marked so, and not counted as a changed file.
 */
const noChangeOnDisk = (change: FileChange) =>
  change.additions === 0 && change.deletions === 0 && !change.created && change.binary !== true;

export function FilesChanged() {
  const changes = usePanel((state) => state.thread.changes);
  const roots = useWorkspaceRoots();
  const [open, setOpen] = usePanelExpanded("files-changed");
  const { reviewAll, reviewKeep, reviewUndo } = useHostActions();
  if (changes.length === 0) return null;
  const pending = changes.filter((change) => change.state === "pending");
  const added = changes.reduce((sum, change) => sum + change.additions, 0);
  const removed = changes.reduce((sum, change) => sum + change.deletions, 0);
  const undoable = pending.filter((change) => change.undoable && !byUser(change));
  const changedCount = changes.filter((change) => !noChangeOnDisk(change)).length;
  return (
    <section className="files-changed" role="region" aria-label={t("Files changed")}>
      <div className="section-bar">
        <SummaryToggle open={open} onToggle={setOpen} controls="files-changed-list" heading={t("Files changed")}>
          {changedCount === 1 ? t("1 file") : t("{0} files", changedCount)}{" "}
          <span className="diff-stat-added">+{added}</span> <span className="diff-stat-removed">−{removed}</span>
        </SummaryToggle>
        {/* Icon buttons, so that the summary row stays one line at 300 px. */}
        <span className="section-actions">
          <IconButton
            icon="diff-multiple"
            label={t("Review all")}
            title={t("Open every change in one diff editor")}
            onClick={reviewAll}
          />
          {pending.length > 1 ? (
            <IconButton
              icon="check-all"
              label={t("Keep all")}
              title={t("Keep all")}
              onClick={() => pending.forEach((change) => reviewKeep(change.path))}
            />
          ) : null}
          {pending.length > 1 && undoable.length > 0 ? (
            <IconButton
              icon="discard"
              label={t("Undo all")}
              title={t("Undo all")}
              onClick={() => undoable.forEach((change) => reviewUndo(change.path))}
            />
          ) : null}
        </span>
      </div>
      {open ? (
        <ul className="change-list" id="files-changed-list" role="list" aria-label={t("Changed files")}>
          {changeLabels(changes, roots).map(([change, { name, folder, label }]) => (
            <ChangeRow key={change.path} change={change} name={name} folder={folder} label={label} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** Strings, not a label object: the row's memo holds while a sibling changes. */
const ChangeRow = memo(function ChangeRow({
  change,
  name,
  folder,
  label,
}: {
  change: FileChange;
} & ChangeLabel) {
  const { reviewDiff, reviewKeep, reviewUndo, reviewRedo } = useHostActions();
  const user = byUser(change);
  const unchanged = noChangeOnDisk(change);
  return (
    <li className={`change-row change-${change.state}`}>
      <Codicon name={change.created ? "new-file" : "file"} className="change-icon" />
      <span className="change-path" title={change.path}>
        <span className="change-name">{name}</span>
        {folder === "" ? null : <span className="change-folder truncate">{folder}</span>}
      </span>
      {change.created ? <span className="badge">{t("new file")}</span> : null}
      {user ? (
        <span className="badge badge-user" title={t("Changed during the turn, not by the agent")}>
          {t("not by the agent")}
        </span>
      ) : null}
      {change.binary ? (
        <span className="badge">{t("binary")}</span>
      ) : unchanged ? (
        <span className="badge" title={t("The agent reported an edit, but the file on disk is unchanged")}>
          {t("no change on disk")}
        </span>
      ) : (
        <span className="change-stats">
          <span className="diff-stat-added">+{change.additions}</span>{" "}
          <span className="diff-stat-removed">−{change.deletions}</span>
        </span>
      )}
      <span className="change-actions">
        {/* Icon buttons, like the Source Control view's inline actions: the path needs the width. */}
        <IconButton
          icon="diff-single"
          label={t("Open diff {0}", label)}
          title={t("Open diff")}
          onClick={() => reviewDiff(change.path)}
        />
        {change.state === "pending" ? (
          <>
            <IconButton
              icon="check"
              label={t("Keep {0}", label)}
              title={t("Keep")}
              onClick={() => reviewKeep(change.path)}
            />
            {user ? (
              // Keeps the buttons of every row in the same columns.
              <span className="change-action-gap" aria-hidden="true" />
            ) : (
              <IconButton
                icon="discard"
                label={t("Undo {0}", label)}
                unavailable={!change.undoable}
                singleClick
                title={
                  change.undoable
                    ? t("Undo: restore the file as it was before the agent changed it")
                    : (change.reason ?? NOT_UNDOABLE)
                }
                onClick={() => reviewUndo(change.path)}
              />
            )}
          </>
        ) : (
          <>
            <span className={`change-state change-state-${change.state}`}>
              <Codicon name={change.state === "kept" ? "check" : "discard"} />
              {change.state === "kept" ? t("Kept") : t("Undone")}
            </span>
            {change.state === "undone" ? (
              <IconButton
                icon="redo"
                label={t("Redo {0}", label)}
                title={t("Take the Undo back: put back what the file held just before it")}
                onClick={() => reviewRedo(change.path)}
                singleClick
              />
            ) : null}
          </>
        )}
      </span>
    </li>
  );
});
