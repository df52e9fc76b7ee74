/**
 * Builds the history (full-text search over every conversation) for the composition root.
 * UNTIL THE JOURNAL MERGES the archive is the adapter over today's kept transcripts
 * (acp/history/transcriptArchive.ts), which the TranscriptStore writes through; at the merge
 * `archive` becomes the journal and the TranscriptStore storage goes back to plain workspace
 * state. The index file lives in the extension's global storage; while transcripts are kept per
 * workspace, each workspace has its own file (so two windows on different folders do not prune
 * each other's entries).
 */
import { createHash } from "node:crypto";
import { join } from "node:path";
import * as vscode from "vscode";
import { HistoryService } from "../acp/history/historyService";
import { SessionHistory, type SessionSource } from "../acp/history/sessionHistory";
import { TranscriptArchive } from "../acp/history/transcriptArchive";
import { workerIndex } from "../acp/history/workerBackend";
import type { Logger } from "../acp/ports";
import type { Translate } from "../shared/l10n";
import type { SessionIndex } from "../acp/sessions/sessionIndex";
import type { TranscriptStorage } from "../acp/sessions/transcriptStore";

export interface HistoryParts {
  /** What the TranscriptStore must write through (the adapter sees each change). */
  readonly transcriptStorage: TranscriptStorage;
  readonly archive: TranscriptArchive;
  /** Completes the history once the sessions exist. */
  connect(
    sessions: SessionSource,
    forget: (agent: string, sessionId: string) => void,
    translate: Translate,
  ): SessionHistory;
}

export function historyParts(context: vscode.ExtensionContext, index: SessionIndex, logger: Logger): HistoryParts {
  const archive = new TranscriptArchive(
    {
      // Per workspace: the transcripts of this workspace's tabs.
      read: () => context.workspaceState.get("acpPanel.transcripts"),
      write: (transcripts) => context.workspaceState.update("acpPanel.transcripts", transcripts),
    },
    index,
  );
  const workspace = context.storageUri?.toString() ?? "no-folder";
  const file = `index-${createHash("sha256").update(workspace).digest("hex").slice(0, 16)}.sqlite`;
  return {
    transcriptStorage: archive.storeStorage,
    archive,
    connect: (sessions, forget, translate) => {
      archive.bindRemove(forget);
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
    },
  };
}
