/**
 * The prompt box. Enter sends, Shift+Enter adds a line, Up/Down at the edges recall sent prompts,
 * Escape stops a running turn. The box stays editable during a turn; only sending waits.
 * The draft is UI state: it is saved on every edit and survives the view being reloaded.
 */
import VscodeButton from "@vscode-elements/react-elements/dist/components/VscodeButton.js";
import { type ChangeEvent, type KeyboardEvent, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { getUiState, setUiState } from "../bridge";
import type { ComposerCommand } from "../composerInbox";
import { useComposerCommands, useHostActions, usePanel } from "../hooks";
import { PromptHistory } from "../promptHistory";

export function Composer() {
  const phase = usePanel((state) => state.thread.turn.phase);
  const connected = usePanel((state) => state.connection.status === "ready");
  const { sendPrompt, cancelTurn } = useHostActions();
  const [draft, setDraftState] = useState(() => getUiState().draft ?? "");
  const draftRef = useRef(draft);
  const box = useRef<HTMLTextAreaElement>(null);
  const history = useRef<PromptHistory | null>(null);
  history.current ??= new PromptHistory(getUiState().history ?? []);
  const caretAfterRender = useRef<"start" | "end" | undefined>(undefined);

  const canSend = connected && phase === "idle";
  const canStop = phase === "running";

  const setDraft = useCallback((text: string, caret?: "start" | "end") => {
    draftRef.current = text;
    caretAfterRender.current = caret;
    setDraftState(text);
    setUiState({ draft: text === "" ? undefined : text });
  }, []);

  useLayoutEffect(() => {
    const element = box.current;
    const caret = caretAfterRender.current;
    if (!element || caret === undefined) return;
    caretAfterRender.current = undefined;
    const position = caret === "start" ? 0 : element.value.length;
    element.setSelectionRange(position, position);
  }, [draft]);

  const send = () => {
    const text = draftRef.current.trim();
    if (!canSend || text === "") return;
    sendPrompt(text);
    history.current?.add(text);
    setUiState({ history: [...(history.current?.entries ?? [])] });
    setDraft("");
    box.current?.focus();
  };

  const onChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    history.current?.stopBrowsing();
    setDraft(event.target.value);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing) return;
    const { selectionStart, selectionEnd, value } = event.currentTarget;
    const collapsed = selectionStart === selectionEnd;
    if (event.key === "Enter" && !event.shiftKey && !event.altKey) {
      event.preventDefault();
      send();
    } else if (event.key === "ArrowUp" && collapsed && selectionStart === 0) {
      const older = history.current?.previous(value);
      if (older === undefined) return;
      event.preventDefault();
      setDraft(older, "start");
    } else if (event.key === "ArrowDown" && collapsed && selectionEnd === value.length) {
      const newer = history.current?.next();
      if (newer === undefined) return;
      event.preventDefault();
      setDraft(newer, "end");
    }
  };

  useComposerCommands(useCallback((command: ComposerCommand) => {
    if (command.type === "composer/insert") setDraft(draftRef.current + command.text, "end");
    box.current?.focus();
  }, [setDraft]));

  useEffect(() => {
    if (!canStop) return;
    const onEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key === "Escape" && !event.defaultPrevented) cancelTurn();
    };
    document.addEventListener("keydown", onEscape);
    return () => document.removeEventListener("keydown", onEscape);
  }, [canStop, cancelTurn]);

  return (
    <div className="composer">
      <textarea
        ref={box}
        className="composer-input"
        aria-label="Prompt"
        placeholder="Ask the agent… (Enter to send, Shift+Enter for a new line)"
        rows={2}
        value={draft}
        onChange={onChange}
        onKeyDown={onKeyDown}
      />
      <div className="composer-actions">
        {/* vscode-button is a custom element: its `disabled` is invisible to accessibility, so
            aria-disabled says it too (as a string: React writes `true` on custom elements as ""). */}
        <VscodeButton secondary disabled={!canStop} aria-disabled={canStop ? "false" : "true"} onClick={() => canStop && cancelTurn()}>Stop</VscodeButton>
        <VscodeButton disabled={!canSend} aria-disabled={canSend ? "false" : "true"} onClick={send}>Send</VscodeButton>
      </div>
    </div>
  );
}
