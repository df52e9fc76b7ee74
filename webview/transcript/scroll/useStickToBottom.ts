/**
 * Keeps a scroll container pinned to its bottom while the user is there, and lets go as soon as
 * they scroll up. Scroll events that our own follow caused do not count as scrolling up, even
 * when rows measured in between grew the content (a tool-call storm): only a scroll position
 * above the one we last wrote unpins. The offset is saved in the UI state with the tab it belongs
 * to (`scrollKey`), so a reloaded view opens where it was; another tab opens at its newest entry.
 */
import { type RefObject, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { getUiState, setUiState } from "../../host/bridge";

const SLACK_PX = 8;

export interface StickToBottom {
  /** The container's scroll handler. */
  readonly onScroll: () => void;
  /** Whether the view follows the bottom. Stable. */
  readonly isPinned: () => boolean;
  /** The same, as state: renders when the reader leaves or reaches the bottom. */
  readonly pinned: boolean;
  /** Goes to the bottom and follows it again. Stable. */
  readonly jumpToBottom: () => void;
  /** Stops following (the view is about to be moved elsewhere). Stable. */
  readonly unpin: () => void;
}

function savedScrollTop(scrollKey: string): number | undefined {
  const { scrollTop, scrollKey: savedKey } = getUiState();
  return (savedKey ?? "") === scrollKey ? scrollTop : undefined;
}

export function useStickToBottom(
  container: RefObject<HTMLElement | null>,
  content: RefObject<HTMLElement | null>,
  hasContent: boolean,
  scrollKey = "",
): StickToBottom {
  const atBottom = useRef(savedScrollTop(scrollKey) === undefined);
  const [pinned, setPinned] = useState(atBottom.current);
  /** The scrollTop the last follow produced (after the browser clamped it). */
  const followedTo = useRef(Number.POSITIVE_INFINITY);
  const restored = useRef(false);

  // Once there is something to scroll, go back to where a reloaded view was.
  useLayoutEffect(() => {
    const scroller = container.current;
    if (restored.current || !hasContent || !scroller) return;
    restored.current = true;
    const saved = savedScrollTop(scrollKey);
    scroller.scrollTop = saved ?? scroller.scrollHeight;
    if (saved === undefined) followedTo.current = scroller.scrollTop;
  }, [container, hasContent, scrollKey]);

  useEffect(() => {
    const scroller = container.current;
    const inner = content.current;
    if (!scroller || !inner) return;
    const follow = () => {
      if (!atBottom.current) return;
      scroller.scrollTop = scroller.scrollHeight;
      followedTo.current = scroller.scrollTop;
    };
    // Content grows as chunks stream in; the container shrinks when the composer grows.
    const observer = new ResizeObserver(follow);
    observer.observe(scroller);
    observer.observe(inner);
    follow();
    return () => observer.disconnect();
  }, [container, content]);

  const saveFrame = useRef(0);
  const onScroll = useCallback(() => {
    const scroller = container.current;
    if (!scroller) return;
    const distance = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight;
    if (distance <= SLACK_PX) atBottom.current = true;
    else if (atBottom.current && scroller.scrollTop >= followedTo.current - 1) {
      // Our own follow, outrun by content that grew meanwhile: keep following.
      scroller.scrollTop = scroller.scrollHeight;
      followedTo.current = scroller.scrollTop;
    } else atBottom.current = false;
    setPinned(atBottom.current);
    cancelAnimationFrame(saveFrame.current);
    saveFrame.current = requestAnimationFrame(() =>
      setUiState(
        atBottom.current
          ? { scrollTop: undefined, scrollKey: undefined }
          : { scrollTop: scroller.scrollTop, scrollKey: scrollKey === "" ? undefined : scrollKey },
      ),
    );
  }, [container, scrollKey]);

  const isPinned = useCallback(() => atBottom.current, []);
  const jumpToBottom = useCallback(() => {
    const scroller = container.current;
    atBottom.current = true;
    setPinned(true);
    if (!scroller) return;
    scroller.scrollTop = scroller.scrollHeight;
    followedTo.current = scroller.scrollTop;
  }, [container]);
  const unpin = useCallback(() => {
    atBottom.current = false;
    setPinned(false);
  }, []);
  return { onScroll, isPinned, pinned, jumpToBottom, unpin };
}
