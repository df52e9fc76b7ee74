/**
 * Brings into view what the user must see, wherever they had scrolled: a message they just sent
 * (the view goes to the bottom and follows the reply), and each permission request or form when
 * it appears (the view scrolls to its card and stops there).
 *
 * The transcript is virtualised, so a card far from the viewport is not in the DOM: first the
 * row that holds it is scrolled to (by key), then, once the card has rendered, it is placed fully
 * in view: by following the bottom when it is the newest thing there, else by scrolling to it. Rows measured on the way move things, so this repeats for a few frames until the card
 * stays put. Each request is revealed once (a tab shown again does not jump back to it).
 */
import { type RefObject, useEffect, useRef } from "react";
import type { Thread } from "../../../src/shared/thread/thread";
import { usePanel } from "../../host/hooks";
import type { StickToBottom } from "./useStickToBottom";

/** Requests already brought into view, across remounts of the transcript. */
const revealed = new Set<string>();

/** Frames to wait for a card to render and settle before giving up. */
const MAX_FRAMES = 90;

function lastUserId(entries: Thread["entries"]): string | undefined {
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i];
    if (entry?.kind === "user") return entry.id;
  }
  return undefined;
}

/**
 * `scroller` is the transcript's scroll container, `follow` its stick-to-bottom state, and
 * `scrollToRow` brings a virtual row (by key) into the DOM; the thread is read from the panel.
 */
export function useRevealRequests(
  scroller: RefObject<HTMLElement | null>,
  follow: Pick<StickToBottom, "jumpToBottom" | "unpin" | "isPinned">,
  scrollToRow: (key: string) => boolean,
): void {
  const { jumpToBottom, unpin, isPinned } = follow;
  const entries = usePanel((state) => state.thread.entries);
  const index = usePanel((state) => state.thread.index);
  const permissions = usePanel((state) => state.thread.permissions);
  const forms = usePanel((state) => state.thread.forms);
  // A user message that arrives after the first render was just sent: show it and follow.
  const newestUser = lastUserId(entries);
  const seenUser = useRef(newestUser);
  useEffect(() => {
    if (newestUser === undefined || newestUser === seenUser.current) return;
    seenUser.current = newestUser;
    jumpToBottom();
  }, [newestUser, jumpToBottom]);

  const pending = [
    ...permissions.map((p) => ({ requestId: p.requestId, toolCallId: p.toolCallId })),
    ...forms.map((f) => ({ requestId: f.requestId, toolCallId: f.toolCallId })),
  ];
  const pendingKey = pending.map((request) => request.requestId).join("\u0000");

  const latest = useRef({ jumpToBottom, unpin, isPinned, scrollToRow, pending, entries, index });
  latest.current = { jumpToBottom, unpin, isPinned, scrollToRow, pending, entries, index };
  useEffect(() => {
    // The newest request not yet shown; any older unshown ones count as shown with it.
    const fresh = latest.current.pending.filter((request) => !revealed.has(request.requestId));
    const request = fresh.at(-1);
    if (request === undefined) return undefined;
    for (const { requestId } of fresh) revealed.add(requestId);
    const target = request.requestId;
    const toolAt = request.toolCallId === undefined ? undefined : latest.current.index[`tool:${request.toolCallId}`];
    const rowKey = toolAt === undefined ? undefined : latest.current.entries[toolAt]?.id;
    let frame = 0;
    let steady = 0;
    let handle = requestAnimationFrame(function step() {
      const view = scroller.current;
      const card = view?.querySelector<HTMLElement>(`[data-request-id="${CSS.escape(target)}"]`);
      if (!view || frame++ > MAX_FRAMES) return;
      if (!card) {
        // Not rendered: its row is off-screen (again, if rows measured meanwhile moved it).
        if (rowKey === undefined) latest.current.jumpToBottom();
        else if (frame % 10 === 1) {
          latest.current.unpin();
          latest.current.scrollToRow(rowKey);
        }
      } else if (fitsAtBottom(card, view)) {
        // The newest thing in the log: follow the bottom, so it stays in view when the log
        // shrinks (the composer grows, "Files changed" appears) or grows below it.
        if (
          latest.current.isPinned() &&
          distanceIntoView(card.getBoundingClientRect(), view.getBoundingClientRect()) === 0
        )
          steady++;
        else {
          steady = 0;
          latest.current.jumpToBottom();
        }
        if (steady >= 3) return;
      } else {
        const shift = distanceIntoView(card.getBoundingClientRect(), view.getBoundingClientRect());
        if (shift === 0) steady++;
        else {
          steady = 0;
          latest.current.unpin();
          view.scrollTop += shift;
        }
        if (steady >= 3) return;
      }
      handle = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(handle);
  }, [pendingKey, scroller]);
}

/** Whether `card` is in view when `view` is scrolled to its bottom. */
function fitsAtBottom(card: HTMLElement, view: HTMLElement): boolean {
  const top = card.getBoundingClientRect().top - view.getBoundingClientRect().top + view.scrollTop;
  return view.scrollHeight - top <= view.clientHeight;
}

/** How far to scroll so `box` is in `view`: its bottom if that keeps its top in view, else its top. */
function distanceIntoView(box: DOMRect, view: DOMRect): number {
  const margin = 8;
  if (box.top < view.top) return box.top - view.top - margin;
  if (box.bottom > view.bottom) return Math.min(box.bottom - view.bottom + margin, box.top - view.top - margin);
  return 0;
}
