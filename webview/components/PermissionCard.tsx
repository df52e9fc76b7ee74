/**
 * A pending `session/request_permission`, inline on its tool call card: one button per option,
 * named exactly as the agent names it, styled by its kind (allow → primary, reject → secondary).
 * When it appears it takes focus for the first allow option, unless the user is typing.
 */
import VscodeButton from "@vscode-elements/react-elements/dist/components/VscodeButton.js";
import { memo, useEffect, useRef, useState } from "react";
import type { PendingPermission } from "../../src/shared/thread";
import { composerIsIdle } from "../composerPresence";
import { useHostActions } from "../hooks";
import { Codicon } from "./Codicon";
import { permissionOptionLook } from "./toolPresentation";

/** Requests that have had their chance at focus: a card scrolled back into view must not grab it. */
const offeredFocus = new Set<string>();

export const PermissionCard = memo(function PermissionCard({ request, title }: { request: PendingPermission; title?: string }) {
  const { answerPermission } = useHostActions();
  const [answered, setAnswered] = useState<string | undefined>(undefined);
  const card = useRef<HTMLDivElement>(null);
  const firstAllow = request.options.findIndex((option) => option.kind.startsWith("allow"));

  useEffect(() => {
    if (firstAllow < 0 || offeredFocus.has(request.requestId)) return;
    // A frame later: vscode-button becomes focusable once its first render has set tabindex.
    const frame = requestAnimationFrame(() => {
      offeredFocus.add(request.requestId);
      if (!composerIsIdle()) return;
      card.current?.querySelectorAll<HTMLElement>("[data-option-id]")[firstAllow]?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [request.requestId, firstAllow]);

  const answer = (optionId: string) => {
    if (answered !== undefined) return;
    setAnswered(optionId);
    answerPermission(request.requestId, optionId);
  };

  return (
    <div className="permission-card" role="group" aria-label="Permission request" ref={card}>
      <div className="permission-question">
        <Codicon name="shield" />
        <span>{title ? <>The agent wants to run <strong>{title}</strong>.</> : "The agent asks for permission."}</span>
      </div>
      <div className="permission-options">
        {request.options.map((option) => {
          const look = permissionOptionLook(option.kind);
          const disabled = answered !== undefined;
          return (
            <VscodeButton
              key={option.optionId}
              data-option-id={option.optionId}
              secondary={!look.primary}
              disabled={disabled}
              aria-disabled={disabled ? "true" : "false"}
              onClick={() => answer(option.optionId)}
            >
              {look.icon ? <Codicon name={look.icon} className="button-icon" /> : null}
              {option.name}
            </VscodeButton>
          );
        })}
      </div>
    </div>
  );
});
