/**
 * A tool call as a card: kind icon, title and status; what it produced (text, images, diffs,
 * terminals); the files it touches; its raw input and output, collapsed. A permission request,
 * a form, or a subagent run that belongs to this tool call is shown inside the card (in the main
 * thread only: a card inside a run looks up none of these).
 *
 * A card that arrives completed (a reload, an old session) shows only its header ("Details" opens
 * it; the choice is UI state, so it survives the list's virtualisation and a reload). Running,
 * failed and waiting cards are open, and a card seen running stays open when it completes.
 */
import { memo } from "react";
import type { ToolCallEntry } from "../../../src/shared/thread/thread";
import { shownToolStatus } from "../../../src/shared/thread/toolOutcome";
import { usePanel } from "../../host/hooks";
import { useIsNested } from "../runs/nestedThread";
import { useToolCardExpanded } from "../../ui/uiExpansion";
import { runIdsOfToolCall } from "../transcriptRows";
import { Codicon } from "../../ui/Codicon";
import { FormCard } from "../../requests/FormCard";
import { LocationLinks } from "./LocationLinks";
import { PermissionCard } from "../../requests/PermissionCard";
import { RawJson } from "./RawJson";
import { RunRow } from "../runs/SubagentRunView";
import { ToolContentView } from "./ToolContentView";
import { toolKindIcons, toolStatusIcons, toolStatusLabels } from "../../ui/toolPresentation";
import { t } from "../../l10n";

export const ToolCallCard = memo(function ToolCallCard({ entry }: { entry: ToolCallEntry }) {
  const { toolCallId } = entry;
  const nested = useIsNested();
  const permission = usePanel((state) =>
    nested ? undefined : state.thread.permissions.find((p) => p.toolCallId === toolCallId),
  );
  const form = usePanel((state) => (nested ? undefined : state.thread.forms.find((f) => f.toolCallId === toolCallId)));
  const runIds = usePanel((state) => (nested ? "" : runIdsOfToolCall(state.thread, toolCallId)));
  const title = entry.title || entry.name || entry.toolKind;
  // While a permission or form on this call waits for the user, that is its status, whatever the
  // agent last reported (an `in_progress` update may follow the request).
  const reported = usePanel((state) => shownToolStatus(entry, state.thread.terminals));
  const shownStatus = permission || form ? "awaiting_permission" : reported;
  const status = toolStatusIcons[shownStatus];
  const hasRaw = entry.rawInput !== undefined || entry.rawOutput !== undefined;
  const waiting = permission !== undefined || form !== undefined;
  const hasDetails = entry.content.length > 0 || entry.locations.length > 0 || hasRaw;
  const [chosenOpen, setOpen] = useToolCardExpanded(`${entry.id}:card`, entry.status === "completed");
  const open = chosenOpen || waiting || !hasDetails;

  return (
    <article className={`entry tool-card tool-${shownStatus}`} aria-label={`Tool: ${title}`}>
      <div className="tool-header">
        <Codicon name={toolKindIcons[entry.toolKind]} className="tool-kind" />
        <span className="tool-title truncate" title={title}>
          {title}
        </span>
        <span className={`tool-status state-label state-${shownStatus}`}>
          <Codicon name={status.name} spin={status.spin ?? false} />
          <span>{toolStatusLabels[shownStatus]}</span>
        </span>
        {hasDetails && !waiting ? (
          <button
            type="button"
            className="icon-button tool-toggle"
            aria-label={t("Details")}
            title={open ? t("Hide details") : t("Show details")}
            aria-expanded={open}
            onClick={() => setOpen(!open)}
          >
            <Codicon name={open ? "chevron-up" : "chevron-down"} />
          </button>
        ) : null}
      </div>
      {permission ? <PermissionCard request={permission} title={title} /> : null}
      {form ? <FormCard form={form} /> : null}
      {open && entry.content.length > 0 ? (
        <div className="tool-content">
          {entry.content.map((item, index) => (
            <ToolContentView key={index} item={item} storageKey={`${entry.id}:content:${index}`} />
          ))}
        </div>
      ) : null}
      {runIds === "" ? null : (
        <div className="tool-runs">
          {runIds.split("\u0000").map((runId) => (
            <RunRow key={runId} runId={runId} />
          ))}
        </div>
      )}
      {open ? <LocationLinks locations={entry.locations} /> : null}
      {open && hasRaw ? (
        <div className="tool-raw-sections">
          {entry.rawInput !== undefined ? (
            <RawJson label={t("Input")} value={entry.rawInput} storageKey={`${entry.id}:input`} />
          ) : null}
          {entry.rawOutput !== undefined ? (
            <RawJson label={t("Output")} value={entry.rawOutput} storageKey={`${entry.id}:output`} />
          ) : null}
        </div>
      ) : null}
    </article>
  );
});
