/**
 * An error in the timeline: the message, its details (stderr tail, command) collapsed under it,
 * and — on the error that killed the connection — the ways out: Restart and Show Logs.
 */
import VscodeButton from "@vscode-elements/react-elements/dist/components/VscodeButton.js";
import { memo } from "react";
import { useHostActions } from "../hooks";
import { t } from "../l10n";

interface ErrorNoticeProps {
  readonly message: string;
  readonly details?: string | undefined;
  /** Offer Restart and Show Logs (the agent connection has failed). */
  readonly recovery: boolean;
}

export const ErrorNotice = memo(function ErrorNotice({ message, details, recovery }: ErrorNoticeProps) {
  const { restartAgent, showLogs } = useHostActions();
  return (
    <article className="entry entry-error" aria-label={t("Error")}>
      <div className="error-message">
        <span className="codicon codicon-error" aria-hidden="true" />
        <span>{message}</span>
      </div>
      {details === undefined || details === "" ? null : (
        <details className="error-details">
          <summary>{t("Details")}</summary>
          <pre>{details}</pre>
        </details>
      )}
      {recovery ? (
        <div className="error-actions">
          <VscodeButton onClick={restartAgent}>{t("Restart")}</VscodeButton>
          <VscodeButton secondary onClick={showLogs}>
            {t("Show Logs")}
          </VscodeButton>
        </div>
      ) : null}
    </article>
  );
});
