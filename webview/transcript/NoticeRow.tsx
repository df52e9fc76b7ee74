/**
 * An agent notice in the timeline (info, warning or error), with its codicon and description. A
 * restore's notice offers "Redo" (put the files back as they were before the restore) until the
 * host says it was done; then it says "Redone". A turn's ending (turnEnding.ts) is shown translated,
 * with Retry (a turn that showed nothing: its prompt again) or Continue (a limit: a short follow-up).
 * A pruned or cleared checkpoint's notice offers "Bring back" (for a day) until it is back. An
 * automatic retry (autoRetry.ts) says, translated, why and when; Stop in the composer ends its wait.
 */
import { memo, useState } from "react";
import type { NoticeEntry, RequestAnswer, TurnEnding } from "../../src/shared/thread/thread";
import { CONTINUE_PROMPT } from "../../src/shared/thread/turnEnding";
import { useHostActions, usePanel, usePanelReader } from "../host/hooks";
import { promptOf } from "./messages/messageText";
import { Codicon } from "../ui/Codicon";
import { t } from "../l10n";

const icons: Record<NoticeEntry["severity"], string> = { info: "info", warning: "warning", error: "error" };

export const NoticeRow = memo(function NoticeRow({ entry }: { entry: NoticeEntry }) {
  if (entry.answer) return <AnswerLine answer={entry.answer} />;
  const title = entry.ending ? endingTitle(entry.ending) : entry.retry ? retryTitle(entry.retry) : entry.title;
  return (
    <article className={`entry notice-row notice-${entry.severity}`} aria-label={title}>
      <div className="notice-line">
        <Codicon name={entry.retry ? "sync" : icons[entry.severity]} className={`severity-${entry.severity}`} />
        <span className="notice-title">{title}</span>
        {entry.redo ? <RedoControl redo={entry.redo} /> : null}
        {entry.bringBack ? <BringBackControl bringBack={entry.bringBack} /> : null}
        {entry.ending ? <EndingControl ending={entry.ending} entryId={entry.id} /> : null}
      </div>
      {entry.description ? <div className="notice-description">{entry.description}</div> : null}
    </article>
  );
});

function RedoControl({ redo }: { redo: NonNullable<NoticeEntry["redo"]> }) {
  const { redoRestore } = useHostActions();
  // Files are not put back under a running turn; and one click is one redo until the host answers.
  const turnIdle = usePanel((state) => state.thread.turn.phase === "idle");
  const [sent, setSent] = useState(false);
  if (redo.state === "done")
    return (
      <span className="notice-redo-done">
        <Codicon name="check" />
        {t("Redone")}
      </span>
    );
  const unavailable = sent || !turnIdle;
  return (
    <button
      type="button"
      className="text-button notice-redo"
      title={t("Put the files back as they were just before this restore")}
      aria-disabled={unavailable ? "true" : undefined}
      onClick={() => {
        if (unavailable) return;
        setSent(true);
        redoRestore(redo.restoreId);
      }}
    >
      <Codicon name="redo" />
      {t("Redo")}
    </button>
  );
}

function BringBackControl({ bringBack }: { bringBack: NonNullable<NoticeEntry["bringBack"]> }) {
  const { bringBackCheckpoint } = useHostActions();
  const [sent, setSent] = useState(false);
  if (bringBack.state === "done")
    return (
      <span className="notice-redo-done">
        <Codicon name="check" />
        {t("Brought back")}
      </span>
    );
  return (
    <button
      type="button"
      className="text-button notice-redo"
      title={t("Keep this checkpoint again, so its message can be restored to")}
      aria-disabled={sent ? "true" : undefined}
      onClick={() => {
        if (sent) return;
        setSent(true);
        bringBackCheckpoint(bringBack.checkpointId);
      }}
    >
      <Codicon name="history" />
      {t("Bring back")}
    </button>
  );
}

function endingTitle(ending: TurnEnding): string {
  switch (ending) {
    case "empty":
      return t("The agent ended the turn without any output: no reply, no tool call, no plan.");
    case "max_tokens":
      return t("The agent stopped at its token limit.");
    case "max_turn_requests":
      return t("The agent stopped at its limit of requests for one turn.");
  }
}

function retryTitle(retry: NonNullable<NoticeEntry["retry"]>): string {
  const reason =
    retry.reason === "rate limited"
      ? t("rate limited")
      : retry.reason === "overloaded"
        ? t("overloaded")
        : t("server error");
  const seconds = String(Math.round(retry.delayMs / 1000));
  return t(
    "The agent's error looks temporary ({0}): retrying in {1} s (attempt {2} of {3}).",
    reason,
    seconds,
    String(retry.attempt),
    String(retry.of),
  );
}

function EndingControl({ ending, entryId }: { ending: TurnEnding; entryId: string }) {
  const { sendPrompt } = useHostActions();
  const readState = usePanelReader();
  const ready = usePanel((state) => state.connection.status === "ready" && state.thread.turn.phase === "idle");
  const retry = ending === "empty";
  return (
    <button
      type="button"
      className="text-button notice-ending"
      title={retry ? t("Send the same prompt again") : t("Ask the agent to go on where it stopped")}
      aria-disabled={ready ? undefined : "true"}
      onClick={() => {
        if (!ready) return;
        const prompt = retry ? promptOf(readState().thread.entries, entryId) : CONTINUE_PROMPT;
        if (prompt !== undefined) sendPrompt(prompt);
      }}
    >
      <Codicon name={retry ? "refresh" : "debug-continue"} />
      {retry ? t("Retry") : t("Continue")}
    </button>
  );
}

/** What an answered permission or form leaves in the transcript (the card is gone). */
function AnswerLine({ answer }: { answer: RequestAnswer }) {
  const text =
    answer.kind === "permission"
      ? t("You chose: {0}", answer.choice)
      : answer.outcome === "accept"
        ? t("You submitted the form")
        : answer.outcome === "decline"
          ? t("You declined the form")
          : t("The form was cancelled");
  return (
    <article className="entry notice-row notice-answer" aria-label={text}>
      <div className="notice-line">
        <Codicon name={answer.kind === "form" && answer.outcome !== "accept" ? "circle-slash" : "pass"} />
        <span className="notice-title">{text}</span>
      </div>
    </article>
  );
}
