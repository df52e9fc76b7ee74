/**
 * The conversation journal of this machine, built once per window: the archive (every
 * conversation, for history, search and export) and the tab journals that write it. Journals
 * live in the extension's global storage, so every window and workspace of the machine shares one
 * disk budget (`acpPanel.journal.diskBudgetMB`). The transcripts the older store kept in this
 * workspace's state are migrated the first time.
 */
import * as vscode from "vscode";
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { JournalArchive, type PrunedConversation } from "../acp/journal/journalArchive";
import { errorCode, nodeJournalFs } from "../acp/journal/journalFs";
import { migrateTranscripts } from "../acp/journal/journalMigration";
import { TabJournals } from "../acp/journal/tabJournals";
import type { Clock, Logger } from "../acp/ports";
import type { Translate } from "../shared/l10n";
import { settings } from "./settings";

export interface ConversationJournal {
  readonly archive: JournalArchive;
  readonly tabs: TabJournals;
  /** Settles when the migration from workspace state is done (restore tabs after it). */
  readonly ready: Promise<void>;
}

const MIGRATED = "acpPanel.journal.migrated";

export function conversationJournal(
  context: vscode.ExtensionContext,
  clock: Clock,
  logger: Logger,
  cwd: () => string | undefined,
  translate: Translate,
): ConversationJournal {
  const archive = new JournalArchive(nodeJournalFs, join(context.globalStorageUri.fsPath, "journal"), () =>
    clock.now(),
  );
  const tabs = new TabJournals({
    archive,
    fs: nodeJournalFs,
    clock,
    writerId: `${process.pid.toString(36)}-${randomBytes(4).toString("hex")}`,
    cwd,
    budgetBytes: () => settings.journalDiskBudgetMB() * 1024 * 1024,
    translate,
    onPruned: (pruned) => void offerBringBack(archive, pruned, logger),
    onHealth: (problem) => {
      if (problem === undefined) {
        logger.info("The conversation journal is written again.");
        return;
      }
      const described =
        problem instanceof Error ? problem.message : typeof problem === "string" ? problem : "unknown error";
      logger.warn(`Could not write the conversation journal: ${described}`);
      void vscode.window.showWarningMessage(
        vscode.l10n.t(
          "ACP Panel can't write its conversation journal ({0}). Conversations go on and are kept in memory; writing resumes when it can.",
          errorCode(problem) ?? described,
        ),
      );
    },
  });
  const ready = context.workspaceState.get<boolean>(MIGRATED)
    ? Promise.resolve()
    : migrateTranscripts(archive, nodeJournalFs, context.workspaceState.get("acpPanel.transcripts"), cwd()).then(
        async (count) => {
          if (count > 0) logger.info(`Moved ${count} kept transcript(s) into the conversation journal.`);
          await context.workspaceState.update(MIGRATED, true);
        },
        (error: unknown) => logger.warn(`Could not migrate the kept transcripts: ${String(error)}`),
      );
  return { archive, tabs, ready };
}

/** The notice after a prune: what was set aside to keep within the budget, with Bring back (for a day). */
async function offerBringBack(
  archive: JournalArchive,
  pruned: readonly PrunedConversation[],
  logger: Logger,
): Promise<void> {
  const megabytes = Math.max(1, Math.round(pruned.reduce((sum, p) => sum + p.bytes, 0) / (1024 * 1024)));
  logger.info(`Set aside ${pruned.length} conversation(s) (${megabytes} MB) to keep within the journal's disk budget.`);
  const bringBack = vscode.l10n.t("Bring back");
  const answer = await vscode.window.showInformationMessage(
    vscode.l10n.t(
      "{0} old conversation(s) ({1} MB) were set aside to keep the journal within its disk budget (setting acpPanel.journal.diskBudgetMB). They can be brought back for a day.",
      pruned.length,
      megabytes,
    ),
    bringBack,
  );
  if (answer !== bringBack) return;
  let back = 0;
  for (const conversation of pruned) if (await archive.bringBack(conversation.key).catch(() => false)) back++;
  void vscode.window.showInformationMessage(vscode.l10n.t("{0} conversation(s) brought back.", back));
}
