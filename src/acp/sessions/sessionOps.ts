/**
 * What the palette, the tab strip and the session list ask of a tab or a listed session, with the
 * user's answers: Fork, Rename, Archive/Unarchive and Sign Out (issue 18 §2), Close (a modal
 * while its turn runs; tabClosing.ts decides) and Reopen Closed Tab (issue 29 §4), and Delete with
 * its Undo. The work is in SessionActions and the history; this asks through the Dialogs port and
 * reports what failed.
 */
import type { Dialogs } from "../ports";
import type { HostMessage, SessionListItem } from "../../shared/wire/protocol";
import type { Translate } from "../../shared/l10n";
import type { SessionManager } from "./sessionManager";
import type { SessionHistory } from "../history/sessionHistory";
import { forkAndRefresh } from "./forkAndRefresh";
import { closeTabAsking, reopenClosedTab } from "./tabClosing";

/** Where the webview's session list comes from and goes to, refreshed after a fork. */
export interface ListRefresh {
  readonly list: () => Promise<SessionListItem[]>;
  readonly post: (message: HostMessage) => void;
}

export class SessionOps {
  constructor(
    private readonly manager: SessionManager,
    private readonly dialogs: Dialogs,
    private readonly t: Translate,
  ) {}

  /** Forks the tab `key` (default: the active one) into a new, active tab; the webview's list follows. */
  async fork(refresh: ListRefresh, key = this.manager.activeTabKey): Promise<void> {
    const { t } = this;
    if (key === undefined) return;
    if (!this.manager.actions.canFork(key))
      return void this.dialogs.info(t("This session can't be forked: its agent does not offer session/fork."));
    await forkAndRefresh(this.manager, key, refresh.list, refresh.post).catch(
      this.report((detail) => t("Could not fork the session: {0}", detail)),
    );
  }

  /** ACP: Sign Out of Agent, for the tab's agent (offered only when it advertises `logout`). */
  async signOut(key = this.manager.activeTabKey): Promise<void> {
    const { t } = this;
    if (key === undefined) return;
    if (!this.manager.actions.canSignOut(key))
      return void this.dialogs.info(t("This agent does not offer signing out."));
    await this.manager.actions
      .signOut(key)
      .then((agent) => this.dialogs.info(t("Signed out of {0}.", agent)))
      .catch(this.report((detail) => t("Could not sign out: {0}", detail)));
  }

  /** Renames the tab `key` (default: the active one). */
  async renameTab(key = this.manager.activeTabKey): Promise<void> {
    const tab = this.manager.summaries().find((summary) => summary.key === key);
    if (!tab || key === undefined) return;
    if (!tab.sessionId) return void this.dialogs.info(this.t("This tab has no session to rename yet."));
    const title = await this.askTitle(tab.title);
    if (title !== undefined)
      await this.manager.actions
        .renameTab(key, title)
        .catch(this.report((detail) => this.t("Could not rename the session: {0}", detail)));
  }

  /** Renames a session from the list; `current` is the title shown. */
  async renameListed(agent: string, sessionId: string, current: string | undefined): Promise<void> {
    const title = await this.askTitle(current);
    if (title !== undefined)
      await this.manager.actions
        .rename(agent, sessionId, title)
        .catch(this.report((detail) => this.t("Could not rename the session: {0}", detail)));
  }

  async setArchived(agent: string, sessionId: string, archived: boolean): Promise<void> {
    const { t } = this;
    await this.manager.actions
      .setArchived(agent, sessionId, archived)
      .catch(
        this.report((detail) =>
          archived
            ? t("Could not archive the session: {0}", detail)
            : t("Could not unarchive the session: {0}", detail),
        ),
      );
  }

  /** Closes the tab `key`, asking first when its turn is running: "Stop and Close", or Cancel. */
  async closeTab(key: string): Promise<void> {
    const { t } = this;
    await closeTabAsking(this.manager, key, async (title) => {
      const stop = t("Stop and Close");
      const detail = t('"{0}" is still working. Reopen Closed Tab brings the session back.', title);
      return (await this.dialogs.confirm(t("Stop the turn and close?"), detail, stop)) === stop;
    });
  }

  /** ACP: Reopen Closed Tab. */
  async reopenTab(): Promise<void> {
    if (!(await reopenClosedTab(this.manager))) void this.dialogs.info(this.t("There is no closed tab to reopen."));
  }

  async confirmDelete(agent: string): Promise<boolean> {
    const remove = this.t("Delete");
    return (
      (await this.dialogs.confirm(
        this.t("Delete this {0} session? The agent forgets it too.", agent),
        undefined,
        remove,
      )) === remove
    );
  }

  /** Delete Session (the palette): asks, deletes it everywhere (SessionHistory.delete), then offers Undo. */
  async deleteListed(
    history: Pick<SessionHistory, "delete">,
    item: { readonly agent: string; readonly sessionId: string; readonly title: string },
  ): Promise<void> {
    if (!(await this.confirmDelete(item.agent))) return;
    const undo = await history.delete(item.agent, item.sessionId);
    void this.offerUndoDelete(item.title, undo);
  }

  /**
   * The toast after a delete: Undo brings the conversation back from where the journal set it aside
   * (for a day; the agent's own copy stays deleted). Resolves true when it came back.
   */
  async offerUndoDelete(title: string, undo: () => Promise<boolean>): Promise<boolean> {
    const { t } = this;
    const undoLabel = t("Undo");
    const answer = await this.dialogs.info(
      t('Deleted "{0}". Its conversation can be brought back for a day.', title),
      undoLabel,
    );
    if (answer !== undoLabel) return false;
    const back = await undo().catch(() => false);
    if (back) void this.dialogs.info(t('"{0}" is back in the history.', title));
    else void this.dialogs.warning(t('"{0}" has no kept conversation to bring back.', title));
    return back;
  }

  private async askTitle(current: string | undefined): Promise<string | undefined> {
    const { t } = this;
    return this.dialogs.input({
      title: t("ACP: Rename Session"),
      prompt: t("The session's new title"),
      value: current ?? "",
      validate: (value) => (value.trim() === "" ? t("A title can't be empty.") : undefined),
    });
  }

  /** Shows `message` (a translated text with the error's message) when the action fails. */
  private report(message: (detail: string) => string): (error: unknown) => void {
    return (error) => void this.dialogs.error(message(error instanceof Error ? error.message : String(error)));
  }
}
