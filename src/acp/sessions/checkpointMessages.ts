/**
 * The panel's review and checkpoint requests: the diff of a changed file against the turn's
 * checkpoint (the real file on the right, so the diff editor's revert arrows undo one hunk), every
 * changed file in the multi-file diff editor, Keep/Undo, and restoring the files to just before a
 * message, with Redo.
 */
import type { Dialogs, Navigation } from "../ports";
import type { ChatSession } from "./chatSession";
import type { SessionManager } from "./sessionManager";
import type { HostMessage, WebviewMessage } from "../../shared/wire/protocol";
import type { Translate } from "../../shared/l10n";
import { textOf } from "../checkpoints/reviewContent";

export type CheckpointMessage = Extract<
  WebviewMessage,
  {
    type:
      | "review/diff"
      | "review/keep"
      | "review/undo"
      | "review/redo"
      | "review/all"
      | "checkpoint/preview"
      | "checkpoint/restore"
      | "checkpoint/redo"
      | "checkpoint/bringBack"
      | "message/editResend";
  }
>;

export interface CheckpointMessageContext {
  readonly manager: SessionManager;
  readonly navigation: Pick<Navigation, "openReviewDiff" | "openReviewAll">;
  readonly dialogs: Dialogs;
  readonly translate: Translate;
  readonly post: (message: HostMessage) => void;
}

export async function handleCheckpointMessage(
  message: CheckpointMessage,
  session: ChatSession | undefined,
  { manager, navigation, dialogs, translate: t, post }: CheckpointMessageContext,
): Promise<void> {
  if (!session) return;
  const failed = (what: string) => (error: unknown) =>
    void dialogs.error(t("{0} failed: {1}", what, error instanceof Error ? error.message : String(error)));
  switch (message.type) {
    case "review/diff": {
      const before = session.review?.baseline(message.path);
      if (!before) return;
      const text = before.kind === "file" ? (textOf(before.content) ?? "(binary file)") : "";
      return navigation.openReviewDiff(message.path, text);
    }
    case "review/keep":
      return session.review?.keep(message.path);
    case "review/undo":
      return void (await session.review?.undo(message.path).catch(failed(t("Undo"))));
    case "review/redo":
      return void (await session.review?.redoUndo(message.path).catch(failed(t("Redo"))));
    case "review/all": {
      const review = session.review;
      if (!review) return;
      const files = review.pendingPaths().map((path) => {
        const before = review.baseline(path);
        const text = before?.kind === "file" ? (textOf(before.content) ?? "(binary file)") : undefined;
        return { path, before: text };
      });
      return navigation.openReviewAll(files);
    }
    case "checkpoint/preview": {
      const reply = await session.checkpoints.preview(message.entryId).then(
        (preview) => ({
          type: "checkpoint/preview" as const,
          entryId: message.entryId,
          files: preview.files.map((file) => ({
            path: file.absolute,
            // The restore's direction: a file created since is deleted, one deleted since comes back.
            status: file.status,
            additions: file.additions,
            deletions: file.deletions,
            ...(file.binary ? { binary: true } : {}),
          })),
          warnings: [...preview.warnings],
        }),
        (error: unknown) => ({
          type: "checkpoint/preview" as const,
          entryId: message.entryId,
          files: [],
          warnings: [],
          error: error instanceof Error ? error.message : String(error),
        }),
      );
      return post(reply);
    }
    case "checkpoint/restore":
      return void (await session.restoreCheckpoint(message.entryId).catch(failed(t("Restore checkpoint"))));
    case "checkpoint/redo":
      return void (await session.redoRestore(message.restoreId).catch(failed(t("Redo"))));
    case "checkpoint/bringBack":
      return void (await session.checkpoints.bringBack(message.checkpointId).catch(failed(t("Bring back"))));
    case "message/editResend":
      await session
        .restoreCheckpoint(message.entryId)
        .then(() => manager.actions.rewind(session, message.entryId, message.text))
        .catch(failed(t("Edit and resend")));
      return;
  }
}
