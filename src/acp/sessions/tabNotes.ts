/**
 * The entries a tab writes into its own transcript (not the agent's): failures, notices and
 * errors, with entry ids of the tab's own ("e1", "e2", …) so they never clash with the agent's.
 */
import type { PanelAction } from "../../shared/wire/panelState";
import { describeRequestError, type FailureReport } from "../client/connection/agentErrors";

export class TabNotes {
  private nextEntry = 0;

  constructor(private readonly dispatch: (action: PanelAction) => void) {}

  newEntryId(): string {
    this.nextEntry += 1;
    return `e${this.nextEntry}`;
  }

  /** The connection failed: the status line and an error entry in the transcript. */
  failed(agent: string, report: FailureReport): void {
    const details = report.details === undefined ? {} : { details: report.details };
    this.dispatch({
      type: "connection/failed",
      agent,
      message: report.message,
      ...details,
      ...(report.missingCommand ? { missingCommand: true } : {}),
    });
    this.dispatch({ type: "thread/error", entryId: this.newEntryId(), message: report.message, ...details });
  }

  note(title: string): void {
    this.dispatch({
      type: "acp/update",
      entryId: this.newEntryId(),
      update: { sessionUpdate: "notice", severity: "info", title },
    });
  }

  error(what: string, error: unknown): void {
    const described = describeRequestError(error);
    this.dispatch({
      type: "thread/error",
      entryId: this.newEntryId(),
      message: `${what}: ${described.message}`,
      ...(described.details ? { details: described.details } : {}),
    });
  }
}
