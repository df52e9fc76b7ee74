/**
 * A tool call's `diff` content as an inline unified diff: hunks of context, removed (`<del>`) and
 * added (`<ins>`) lines with old/new line numbers in the gutter. Computed here (see
 * lineDiff.ts); "Open diff" asks the host for VS Code's diff editor.
 */
import { memo, useMemo } from "react";
import { diffLines, type DiffOp } from "./lineDiff";
import { toHunks } from "./hunks";
import { useHostActions } from "../../host/hooks";
import { useExpanded } from "../../ui/uiExpansion";
import { Codicon } from "../../ui/Codicon";
import { t } from "../../l10n";

/** Lines rendered before "Show all": a 10,000-line new file should not flood the DOM. */
const LINE_BUDGET = 400;

interface DiffViewProps {
  readonly path: string;
  readonly oldText?: string | null | undefined;
  readonly newText: string;
  /** Stable key for the "show all" choice. */
  readonly storageKey: string;
}

export const DiffView = memo(function DiffView({ path, oldText, newText, storageKey }: DiffViewProps) {
  const { openDiff } = useHostActions();
  const isNew = oldText === undefined || oldText === null || oldText === "";
  const { hunks, added, removed } = useMemo(() => toHunks(diffLines(oldText ?? "", newText)), [oldText, newText]);
  const [showAll, setShowAll] = useExpanded(`${storageKey}:all`);
  const total = hunks.reduce((sum, hunk) => sum + hunk.lines.length, 0);
  let budget = showAll ? Number.POSITIVE_INFINITY : LINE_BUDGET;
  const name = path.split(/[\\/]/).pop() || path;

  return (
    <div className="diff" role="group" aria-label={t("Diff of {0}", path)}>
      <div className="diff-header">
        <Codicon name={isNew ? "new-file" : "diff"} />
        <span className="diff-path" title={path}>
          {name}
        </span>
        {isNew ? <span className="badge">{t("New file")}</span> : null}
        <span className="diff-stats">
          <span className="diff-stat-added">+{added}</span>
          {isNew ? null : (
            <>
              {" "}
              <span className="diff-stat-removed">−{removed}</span>
            </>
          )}
        </span>
        <button type="button" className="text-button" onClick={() => openDiff(path, oldText, newText)}>
          <Codicon name="go-to-file" /> {t("Open diff")}
        </button>
      </div>
      {hunks.length === 0 ? (
        <div className="diff-empty">{t("No changes")}</div>
      ) : (
        // Focusable, so a keyboard can scroll it (it has a max height and no focusable content).
        <div className="diff-body" tabIndex={0} role="region" aria-label={t("Changes in {0}", name)}>
          {hunks.map((hunk, index) => {
            if (budget <= 0) return null;
            const lines = hunk.lines.slice(0, budget);
            budget -= lines.length;
            return (
              <div className="diff-hunk" key={index}>
                <div className="diff-hunk-header">{hunk.header}</div>
                {lines.map((op, line) => (
                  <DiffLine key={line} op={op} />
                ))}
              </div>
            );
          })}
        </div>
      )}
      {!showAll && total > LINE_BUDGET ? (
        <button type="button" className="text-button diff-more" onClick={() => setShowAll(true)}>
          {t("Show all {0} lines", total)}
        </button>
      ) : null}
    </div>
  );
});

function DiffLine({ op }: { op: DiffOp }) {
  const oldLine = op.type === "insert" ? "" : String(op.oldLine);
  const newLine = op.type === "delete" ? "" : String(op.newLine);
  const sign = op.type === "insert" ? "+" : op.type === "delete" ? "-" : " ";
  // Gutter text comes from CSS (attr()), so a line's text content is exactly the source line.
  const gutter = `${oldLine.padStart(4)} ${newLine.padStart(4)} ${sign}`;
  const props = {
    className: `diff-line diff-${op.type}`,
    "data-old": oldLine || undefined,
    "data-new": newLine || undefined,
    "data-gutter": gutter,
  };
  if (op.type === "insert") return <ins {...props}>{op.text}</ins>;
  if (op.type === "delete") return <del {...props}>{op.text}</del>;
  return <div {...props}>{op.text}</div>;
}
