/**
 * The composer: the active tab's draft (DraftBox, keyed by the tab) above a toolbar with the
 * session's config pickers, Stop and Send. While a turn runs the composer stays usable: Send then
 * steers the turn or queues the message (the host decides), and Stop (or Escape) cancels it.
 *
 * Only the draft is keyed by the tab: the toolbar stays mounted across tab switches, so tabs on
 * the same agent keep their pickers and only their values change. Mounting @vscode-elements'
 * selects again at every switch read every option's text (`innerText`, a layout of the page) and
 * the select's own box, inside the switch's task.
 */
import VscodeButton from "@vscode-elements/react-elements/dist/components/VscodeButton.js";
import { type DragEvent, useEffect, useRef, useState } from "react";
import { useHostActions, usePanel } from "../host/hooks";
import { ConfigPickers } from "./ConfigPickers";
import { DraftBox, type DraftBoxHandle } from "./DraftBox";
import { t } from "../l10n";

export function Composer({ draftKey }: { draftKey: string }) {
  const phase = usePanel((state) => state.thread.turn.phase);
  const connected = usePanel((state) => state.connection.status === "ready");
  const { cancelTurn } = useHostActions();
  const draft = useRef<DraftBoxHandle>(null);
  const [hasContent, setHasContent] = useState(false);

  // Idle: Send is always offered (an empty box sends nothing). Busy: only with something to send.
  const canSend = connected && (phase === "idle" || hasContent);
  const canStop = phase === "running";

  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    const types = [...event.dataTransfer.types];
    if (types.includes("Files") || types.includes("text/uri-list")) event.preventDefault();
  };

  useEffect(() => {
    if (!canStop) return;
    const onEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key === "Escape" && !event.defaultPrevented) cancelTurn();
    };
    document.addEventListener("keydown", onEscape);
    return () => document.removeEventListener("keydown", onEscape);
  }, [canStop, cancelTurn]);

  return (
    <div className="composer" onDragOver={onDragOver} onDrop={(event) => draft.current?.drop(event)}>
      <DraftBox key={draftKey} ref={draft} draftKey={draftKey} canSend={canSend} onContentChange={setHasContent} />
      <div className="composer-toolbar">
        <ConfigPickers />
        <div className="composer-actions">
          {/* vscode-button is a custom element: its `disabled` is invisible to accessibility, so
            aria-disabled says it too (as a string: React writes `true` on custom elements as ""). */}
          <VscodeButton
            secondary
            disabled={!canStop}
            aria-disabled={canStop ? "false" : "true"}
            onClick={() => canStop && cancelTurn()}
          >
            {t("Stop")}
          </VscodeButton>
          <VscodeButton
            disabled={!canSend}
            aria-disabled={canSend ? "false" : "true"}
            onClick={() => draft.current?.send()}
          >
            {t("Send")}
          </VscodeButton>
        </div>
      </div>
    </div>
  );
}
