/**
 * A message the user sent: its text (or, during "Edit and rerun", the editor in its place), its
 * attachments, whether a steer reached the running turn, its actions, and the "Restore checkpoint"
 * card when one is open under it. The editor and the card live in CheckpointUi, not here.
 */
import type { UserEntry } from "../../../src/shared/thread/thread";
import { useMessageEdit, useRestoreCard } from "../../review/checkpointHooks";
import { Codicon } from "../../ui/Codicon";
import { MessageActions } from "./MessageActions";
import { MessageEditor } from "../../review/MessageEditor";
import { RestoreCard } from "../../review/RestoreCard";
import { UserAttachments } from "./UserAttachments";
import { t } from "../../l10n";

export function UserMessage({ entry }: { entry: UserEntry }) {
  const edit = useMessageEdit(entry.id);
  const card = useRestoreCard(entry.id);
  return (
    <article
      className={entry.steer ? `entry entry-user entry-steer steer-${entry.steer.state}` : "entry entry-user"}
      aria-label={t("You")}
    >
      {edit ? <MessageEditor edit={edit} /> : entry.text === "" ? null : <div className="user-text">{entry.text}</div>}
      {entry.attachments ? <UserAttachments blocks={entry.attachments} /> : null}
      {entry.steer ? <SteerState state={entry.steer.state} /> : null}
      {edit ? null : <MessageActions text={entry.text} entryId={entry.id} editable checkpoint={entry.checkpoint} />}
      {card ? <RestoreCard card={card} /> : null}
    </article>
  );
}

const steerLook = {
  pending: { icon: "loading", text: t("Sending to the running turn…") },
  applied: { icon: "check", text: t("Applied to the running turn") },
  failed: { icon: "error", text: t("Not applied") },
} as const;

/** A message sent into a running turn: whether the agent took it. */
function SteerState({ state }: { state: NonNullable<UserEntry["steer"]>["state"] }) {
  const look = steerLook[state];
  return (
    <div className="steer-state">
      <Codicon name={look.icon} spin={state === "pending"} />
      <span>{look.text}</span>
    </div>
  );
}
