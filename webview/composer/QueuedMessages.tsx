/**
 * Messages waiting for the running turn to end (`thread.queue`, for agents that cannot be
 * steered), above the composer: one summary row (count and state) until expanded. Each can be edited in place (Enter or leaving the box saves it,
 * Escape reverts), removed, or sent now (the host cancels the turn and sends it next). After
 * Stop the host pauses the queue; the list stays so the user can decide. A message its agent
 * ended (crashed) before sending is marked "Not sent" and waits for "Send again".
 */
import { type KeyboardEvent, memo, useEffect, useState } from "react";
import type { QueuedPrompt } from "../../src/shared/thread/thread";
import { useHostActions, usePanel } from "../host/hooks";
import { usePanelExpanded } from "../ui/uiExpansion";
import { Codicon } from "../ui/Codicon";
import { IconButton } from "../ui/IconButton";
import { SummaryToggle } from "../ui/SummaryToggle";
import { t } from "../l10n";

export function QueuedMessages() {
  const queue = usePanel((state) => state.thread.queue);
  const running = usePanel((state) => state.thread.turn.phase !== "idle");
  const [open, setOpen] = usePanelExpanded("queue");
  if (queue.length === 0) return null;
  const allNotSent = queue.every((item) => item.notSent);
  return (
    <section className="queued" aria-labelledby="queued-heading">
      <div className="section-bar">
        <SummaryToggle
          open={open}
          onToggle={setOpen}
          controls="queued-list"
          icon={allNotSent ? "warning" : "list-ordered"}
          heading={t("Queued")}
          headingId="queued-heading"
        >
          <span className="badge">{queue.length}</span>{" "}
          <span>
            {allNotSent
              ? t("not sent: the agent ended")
              : running
                ? t("sent when the turn ends")
                : t("paused: Send now, or send a new message to resume")}
          </span>
        </SummaryToggle>
      </div>
      {open ? (
        <ol className="queued-list" id="queued-list" role="list" aria-label={t("Queued messages")}>
          {queue.map((item, index) => (
            <QueuedItem key={item.id} item={item} position={index + 1} />
          ))}
        </ol>
      ) : null}
    </section>
  );
}

const QueuedItem = memo(function QueuedItem({ item, position }: { item: QueuedPrompt; position: number }) {
  const { editQueued, removeQueued, sendQueuedNow, sendQueuedAgain } = useHostActions();
  const [text, setText] = useState(item.text);
  const [editing, setEditing] = useState(false);
  // The host's copy wins whenever the user is not in the middle of an edit.
  useEffect(() => {
    if (!editing) setText(item.text);
  }, [item.text, editing]);

  const commit = () => {
    setEditing(false);
    const next = text.trim();
    if (next === "") setText(item.text);
    else if (next !== item.text) editQueued(item.id, next);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === "Enter" && !event.shiftKey) {
      event.preventDefault();
      event.currentTarget.blur();
    } else if (event.key === "Escape") {
      // Revert, and keep Escape from cancelling the turn.
      event.preventDefault();
      setText(item.text);
      setEditing(false);
    }
  };

  return (
    <li className={item.notSent ? "queued-item not-sent" : "queued-item"}>
      {item.notSent && (
        <span className="queued-not-sent" id={`${item.id}-not-sent`}>
          <Codicon name="warning" />
          {t("Not sent")}
        </span>
      )}
      <textarea
        className="queued-text text-input"
        aria-label={t("Queued message {0}", position)}
        rows={1}
        {...(item.notSent ? { "aria-describedby": `${item.id}-not-sent` } : {})}
        value={text}
        onChange={(event) => {
          setEditing(true);
          setText(event.target.value);
        }}
        onBlur={commit}
        onKeyDown={onKeyDown}
      />
      <span className="queued-actions">
        {item.notSent ? (
          <IconButton
            icon="refresh"
            label={t("Send again")}
            title={t("Send this again (starts the agent if it is not running)")}
            onClick={() => sendQueuedAgain(item.id)}
          />
        ) : (
          <IconButton
            icon="run"
            label={t("Send now")}
            title={t("Stop the turn and send this now")}
            onClick={() => sendQueuedNow(item.id)}
          />
        )}
        <IconButton
          icon="trash"
          label={t("Remove")}
          title={t("Remove from the queue")}
          onClick={() => removeQueued(item.id)}
        />
      </span>
    </li>
  );
});
