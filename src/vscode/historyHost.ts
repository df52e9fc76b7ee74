/**
 * Builds the history (full-text search over every conversation of the journal) for the
 * composition root. The index is derived data in the extension's global storage, one file per
 * workspace, so that two windows on different folders never write the same SQLite file; each
 * indexes the whole journal of the machine.
 */
import { createHash } from "node:crypto";
import { join } from "node:path";
import * as vscode from "vscode";
import { HistoryService } from "../acp/history/historyService";
import { SessionHistory, type SessionSource } from "../acp/history/sessionHistory";
import { workerIndex } from "../acp/history/workerBackend";
import type { ConversationArchive } from "../acp/journal/conversationArchive";
import type { Logger } from "../acp/ports";
import type { Translate } from "../shared/l10n";

export function sessionHistory(
  context: vscode.ExtensionContext,
  archive: ConversationArchive,
  sessions: SessionSource,
  logger: Logger,
  translate: Translate,
): SessionHistory {
  const workspace = context.storageUri?.toString() ?? "no-folder";
  const file = `index-${createHash("sha256").update(workspace).digest("hex").slice(0, 16)}.sqlite`;
  const service = new HistoryService(
    archive,
    workerIndex({
      script: vscode.Uri.joinPath(context.extensionUri, "dist", "historyWorker.js").fsPath,
      path: join(context.globalStorageUri.fsPath, "history", file),
    }),
    logger,
  );
  context.subscriptions.push({ dispose: () => void service.dispose() });
  return new SessionHistory(sessions, service, translate);
}
