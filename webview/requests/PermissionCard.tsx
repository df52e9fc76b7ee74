/**
 * A pending `session/request_permission`, inline on its tool call card: one button per option,
 * named exactly as the agent names it, styled by its kind (allow → primary, reject → secondary).
 * When it appears it takes focus for the first allow option, if the panel has focus and the user
 * is not in the prompt box. Alt+A / Alt+D answer with the first allow / reject option
 * (permissionShortcuts.ts); the buttons announce them (aria-keyshortcuts) and a hint shows them.
 * An optional note ("yes, but use the test database") goes with whichever option is chosen: the
 * host sends it to the agent as the next message (permissionNote.ts).
 */
import VscodeButton from "@vscode-elements/react-elements/dist/components/VscodeButton.js";
import { memo, useEffect, useRef, useState } from "react";
import type { PendingPermission } from "../../src/shared/thread/thread";
import { composerIsIdle } from "./composerPresence";
import { ALLOW_SHORTCUT, DENY_SHORTCUT, registerShortcutTarget } from "./permissionShortcuts";
import { useHostActions } from "../host/hooks";
import { Codicon } from "../ui/Codicon";
import { permissionOptionLook } from "../ui/toolPresentation";
import { MAX_PERMISSION_NOTE } from "../../src/shared/wire/permissionNote";
import { t, tParts } from "../l10n";

/** Requests that have had their chance at focus: a card scrolled back into view must not grab it. */
const offeredFocus = new Set<string>();

export const PermissionCard = memo(function PermissionCard({
  request,
  title,
}: {
  request: PendingPermission;
  title?: string;
}) {
  const { answerPermission } = useHostActions();
  const [answered, setAnswered] = useState<string | undefined>(undefined);
  const [note, setNote] = useState("");
  const card = useRef<HTMLDivElement>(null);
  const firstAllow = request.options.findIndex((option) => option.kind.startsWith("allow"));
  const firstReject = request.options.findIndex((option) => option.kind.startsWith("reject"));

  useEffect(() => {
    if (firstAllow < 0 || offeredFocus.has(request.requestId)) return;
    // A frame later: vscode-button becomes focusable once its first render has set tabindex.
    const frame = requestAnimationFrame(() => {
      offeredFocus.add(request.requestId);
      if (!composerIsIdle() || !document.hasFocus()) return;
      card.current?.querySelectorAll<HTMLElement>("[data-option-id]")[firstAllow]?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [request.requestId, firstAllow]);

  const answer = (optionId: string) => {
    if (answered !== undefined) return;
    setAnswered(optionId);
    const words = note.trim();
    answerPermission(request.requestId, optionId, words === "" ? undefined : words);
  };
  const answerAt = (at: number): boolean => {
    const option = request.options[at];
    if (option === undefined || answered !== undefined) return false;
    answer(option.optionId);
    return true;
  };
  const answerAtRef = useRef(answerAt);
  answerAtRef.current = answerAt;
  useEffect(() => {
    const element = card.current;
    if (!element) return undefined;
    return registerShortcutTarget({
      element,
      allow: () => answerAtRef.current(firstAllow),
      deny: () => answerAtRef.current(firstReject),
    });
  }, [firstAllow, firstReject]);

  return (
    <div
      className="permission-card"
      role="group"
      aria-label={t("Permission request")}
      data-request-id={request.requestId}
      ref={card}
    >
      <div className="permission-question">
        <Codicon name="shield" className="heading-icon" />
        <span>
          {title
            ? tParts("The agent wants to run {0}.", <strong>{title}</strong>)
            : t("The agent asks for permission.")}
        </span>
      </div>
      <input
        type="text"
        className="permission-note"
        aria-label={t("Note for the agent (optional)")}
        placeholder={t("Add a note (optional): yes, but use the test database")}
        maxLength={MAX_PERMISSION_NOTE}
        value={note}
        disabled={answered !== undefined}
        onChange={(event) => setNote(event.target.value)}
      />
      <div className="permission-options">
        {request.options.map((option, at) => {
          const look = permissionOptionLook(option.kind);
          const shortcut = at === firstAllow ? ALLOW_SHORTCUT : at === firstReject ? DENY_SHORTCUT : undefined;
          const disabled = answered !== undefined;
          return (
            <VscodeButton
              key={option.optionId}
              data-option-id={option.optionId}
              secondary={!look.primary}
              disabled={disabled}
              aria-disabled={disabled ? "true" : "false"}
              aria-keyshortcuts={shortcut}
              onClick={() => answer(option.optionId)}
            >
              {look.icon ? <Codicon name={look.icon} className="button-icon" /> : null}
              {option.name}
            </VscodeButton>
          );
        })}
      </div>
      {firstAllow < 0 && firstReject < 0 ? null : (
        <p className="permission-keys">
          {firstAllow < 0 ? null : <span>{tParts("{0} to allow", <kbd>{ALLOW_SHORTCUT}</kbd>)}</span>}
          {firstReject < 0 ? null : <span>{tParts("{0} to deny", <kbd>{DENY_SHORTCUT}</kbd>)}</span>}
        </p>
      )}
    </div>
  );
});
