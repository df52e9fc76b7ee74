/**
 * One tab's unsent prompt: its attachment chips, notices, the suggestion menu and the prompt box.
 * Enter sends, Shift+Enter adds a line, Up/Down at the edges recall sent prompts. "/" opens the
 * agent's commands, "@word" searches files to attach; pasted or dropped images become attachments.
 *
 * Keyed by the tab (`draftKey`) inside the composer, so a tab switch mounts it with that tab's
 * draft, caret and suggestions; the composer's toolbar (the config pickers, Stop and Send) stays
 * mounted across tabs. The composer reaches it through `DraftBoxHandle` (Send, a drop on the
 * composer) and hears whether it holds anything to send (`onContentChange`).
 */
import {
  type ChangeEvent,
  type ClipboardEvent,
  type DragEvent,
  type KeyboardEvent,
  type Ref,
  useCallback,
  useEffect,
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";
import { getUiState, setUiState } from "../host/bridge";
import type { ComposerCommand } from "./composerInbox";
import { registerComposerBox, offerComposerFocus } from "../requests/composerPresence";
import { initialPanelState } from "../../src/shared/wire/panelState";
import { useHostActions, usePanel } from "../host/hooks";
import { useComposerCommands } from "./composerHooks";
import { readImages, uriListAttachments } from "./imageAttachments";
import { PromptHistory } from "./promptHistory";
import { currentFormHandoff, subscribeFormHandoff, takeFormHandoff } from "../requests/formHandoff";
import { useDraft } from "./useDraft";
import { useSuggestions } from "./useSuggestions";
import { AttachmentChips } from "./AttachmentChips";
import { MentionHighlights, mentionToken } from "./MentionHighlights";
import { SuggestionMenu, suggestionOptionId } from "./SuggestionMenu";
import { t } from "../l10n";

export interface DraftBoxHandle {
  /** Sends the draft, when `canSend` and there is something to send. */
  send(): void;
  /** Takes what was dropped on the composer (files, images, a uri list). */
  drop(event: DragEvent<HTMLElement>): void;
}

export function DraftBox({
  ref,
  draftKey,
  canSend,
  onContentChange,
}: {
  ref: Ref<DraftBoxHandle>;
  draftKey: string;
  /** Whether the composer would send now (connected; idle, or busy with something to send). */
  canSend: boolean;
  /** Whether the draft holds text or attachments; told after every change, before paint. */
  onContentChange: (hasContent: boolean) => void;
}) {
  const phase = usePanel((state) => state.thread.turn.phase);
  const commands = usePanel((state) => state.thread.commands);
  // Known (the host's snapshot is in) and without a message yet: a new tab.
  const newTab = usePanel((state) => state !== initialPanelState && state.thread.entries.length === 0);
  const offeredFocus = useRef(false);
  const { sendPrompt, searchMentions, fetchMention } = useHostActions();
  const draft = useDraft(draftKey);
  const [caret, setCaret] = useState(draft.text.length);
  const [notice, setNotice] = useState<string | undefined>(undefined);
  const box = useRef<HTMLTextAreaElement>(null);
  const overlay = useRef<HTMLDivElement>(null);
  /** Attachment uri → the "@name" token that put it there (mentions picked in this composer). */
  const mentions = useRef(new Map<string, string>());
  const history = useRef<PromptHistory | null>(null);
  history.current ??= new PromptHistory(getUiState().history ?? []);
  const caretAfterRender = useRef<number | "start" | "end" | undefined>(undefined);
  const suggestions = useSuggestions(draft.text, caret, commands, searchMentions);
  const { menu } = suggestions;
  const menuId = useId();
  const formHandoff = useSyncExternalStore(subscribeFormHandoff, currentFormHandoff);

  const hasContent = draft.text.trim() !== "" || draft.attachments.length > 0;
  const { setText, textRef, addAttachments } = draft;
  const { receiveResults } = suggestions;

  useLayoutEffect(() => onContentChange(hasContent), [onContentChange, hasContent]);

  const setDraft = useCallback(
    (text: string, caretAt?: number | "start" | "end") => {
      caretAfterRender.current = caretAt;
      setText(text);
    },
    [setText],
  );

  useLayoutEffect(() => {
    const element = box.current;
    const at = caretAfterRender.current;
    if (!element || at === undefined) return;
    caretAfterRender.current = undefined;
    const position = at === "start" ? 0 : at === "end" ? element.value.length : at;
    element.setSelectionRange(position, position);
    setCaret(position);
  }, [draft.text]);

  const send = () => {
    const text = draft.textRef.current.trim();
    if (!canSend || (text === "" && draft.attachments.length === 0)) return;
    sendPrompt(text, [...draft.attachments]);
    if (text !== "") {
      history.current?.add(text);
      setUiState({ history: [...(history.current?.entries ?? [])] });
    }
    draft.clear();
    mentions.current.clear();
    setNotice(undefined);
    box.current?.focus();
  };

  const pick = (index: number) => {
    const picked = menu?.pick(index);
    if (!picked) return;
    if (picked.kind === "command") {
      setDraft(`/${picked.command.name} `, "end");
    } else {
      // The mention stays where it was typed, as an "@name" token (highlighted by the overlay);
      // what it names goes with the prompt as an attachment while the token is in the text.
      const text = draft.textRef.current;
      const attachment = picked.item.attachment ?? { uri: picked.item.uri, name: picked.item.name };
      const token = mentionToken(picked.item.name);
      mentions.current.set(attachment.uri, token);
      // A URL's chip comes when the host has asked and fetched it (composer/attach).
      if (picked.item.kind === "url") fetchMention(picked.item.uri);
      else draft.addAttachments([attachment]);
      const rest = text.slice(picked.to);
      const inserted = rest.startsWith(" ") ? token : `${token} `;
      setDraft(
        text.slice(0, picked.from) + inserted + rest,
        picked.from + inserted.length + (rest.startsWith(" ") ? 1 : 0),
      );
    }
    box.current?.focus();
  };

  const onChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    history.current?.stopBrowsing();
    setCaret(event.target.selectionStart);
    setDraft(event.target.value);
    // A mention deleted from the text takes its attachment with it.
    for (const [uri, token] of mentions.current) {
      if (event.target.value.includes(token)) continue;
      mentions.current.delete(uri);
      draft.removeAttachment(uri);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (menu && handleMenuKey(event)) return;
    const { selectionStart, selectionEnd, value } = event.currentTarget;
    const collapsed = selectionStart === selectionEnd;
    if (event.key === "Enter" && !event.shiftKey && !event.altKey) {
      event.preventDefault();
      send();
    } else if (event.key === "Tab" && !event.shiftKey && !event.altKey && !event.ctrlKey && takeFormHandoff()) {
      event.preventDefault();
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

  /** Keys for an open suggestion menu; true when handled. */
  const handleMenuKey = (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!menu) return false;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") suggestions.move(event.key === "ArrowDown" ? 1 : -1);
    else if ((event.key === "Enter" && !event.shiftKey) || (event.key === "Tab" && !event.shiftKey)) pick(menu.active);
    else if (event.key === "Escape") suggestions.dismiss();
    else return false;
    event.preventDefault();
    return true;
  };

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const images = [...event.clipboardData.files].filter((file) => file.type.startsWith("image/"));
    if (images.length === 0) return;
    event.preventDefault();
    void addImages(images);
  };

  const drop = (event: DragEvent<HTMLElement>) => {
    const files = [...event.dataTransfer.files];
    const uris = uriListAttachments(event.dataTransfer.getData("text/uri-list"));
    if (files.length === 0 && uris.length === 0) return;
    event.preventDefault();
    draft.addAttachments(uris);
    void addImages(files);
  };

  const addImages = async (files: readonly File[]) => {
    try {
      const { attachments, refused } = await readImages(files);
      draft.addAttachments(attachments);
      setNotice(refused.length > 0 ? refused.join(" ") : undefined);
    } catch (error) {
      setNotice(t("Could not read the image: {0}", String(error)));
    }
  };

  useImperativeHandle(ref, () => ({ send, drop }));

  useComposerCommands(
    useCallback(
      (command: ComposerCommand) => {
        switch (command.type) {
          case "composer/insert":
            setDraft(textRef.current + command.text, "end");
            break;
          case "composer/set":
            setDraft(command.text, "end");
            break;
          case "composer/attach":
            addAttachments([command.attachment]);
            break;
          case "mention/results":
            receiveResults({ query: command.query, items: command.items });
            return;
          case "composer/focus":
            break;
        }
        box.current?.focus();
      },
      [setDraft, textRef, addAttachments, receiveResults],
    ),
  );

  useEffect(() => {
    registerComposerBox(box.current);
    return () => registerComposerBox(null);
  }, []);

  useEffect(() => {
    // A new tab: the caret waits in the prompt box (once). A tab with a conversation keeps focus
    // where it was: the user may be reading, or answering a card.
    if (!newTab || offeredFocus.current) return;
    offeredFocus.current = true;
    offerComposerFocus();
  }, [newTab]);

  return (
    <>
      <AttachmentChips attachments={draft.attachments} onRemove={draft.removeAttachment} />
      {notice ? (
        <div className="composer-notice" role="alert">
          {notice}
        </div>
      ) : null}
      {menu ? <SuggestionMenu id={menuId} menu={menu} onPick={pick} onHover={suggestions.setActive} /> : null}
      <div className="visually-hidden" aria-live="polite">
        {formHandoff ? t("The agent asks: {0} Press Tab to answer.", formHandoff.message) : ""}
      </div>
      <div className="composer-field">
        <MentionHighlights ref={overlay} text={draft.text} tokens={[...mentions.current.values()]} />
        <textarea
          ref={box}
          onScroll={(event) => {
            if (overlay.current) overlay.current.scrollTop = event.currentTarget.scrollTop;
          }}
          className="composer-input"
          aria-label={t("Prompt")}
          aria-autocomplete="list"
          aria-controls={menu ? menuId : undefined}
          aria-activedescendant={menu ? suggestionOptionId(menuId, menu.active) : undefined}
          placeholder={
            phase === "idle"
              ? t("Ask the agent… (/ for commands, @ to attach files)")
              : t("Message the agent while it works…")
          }
          rows={2}
          value={draft.text}
          onChange={onChange}
          onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
        />
      </div>
    </>
  );
}
