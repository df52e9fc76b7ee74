/**
 * Keeps a scroll container pinned to its bottom while the user is there, and lets go as soon as
 * they scroll up. The offset is saved in the UI state with the tab it belongs to (`scrollKey`), so
 * a reloaded view opens where it was; another tab opens at its newest entry.
 */
import { type RefObject, useCallback, useEffect, useLayoutEffect, useRef } from "react";
import { getUiState, setUiState } from "./bridge";

const SLACK_PX = 8;

export interface StickToBottom {
  /** The container's scroll handler. */
  readonly onScroll: () => void;
  /** Whether the view follows the bottom. Stable. */
  readonly isPinned: () => boolean;
}

function savedScrollTop(scrollKey: string): number | undefined {
  const { scrollTop, scrollKey: savedKey } = getUiState();
  return (savedKey ?? "") === scrollKey ? scrollTop : undefined;
}

export function useStickToBottom(container: RefObject<HTMLElement | null>, content: RefObject<HTMLElement | null>, hasContent: boolean, scrollKey = ""): StickToBottom {
  const atBottom = useRef(savedScrollTop(scrollKey) === undefined);
  const restored = useRef(false);

  // Once there is something to scroll, go back to where a reloaded view was.
  useLayoutEffect(() => {
    const scroller = container.current;
    if (restored.current || !hasContent || !scroller) return;
    restored.current = true;
    const saved = savedScrollTop(scrollKey);
    scroller.scrollTop = saved ?? scroller.scrollHeight;
  }, [container, hasContent, scrollKey]);

  useEffect(() => {
    const scroller = container.current;
    const inner = content.current;
    if (!scroller || !inner) return;
    const follow = () => {
      if (atBottom.current) scroller.scrollTop = scroller.scrollHeight;
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
    atBottom.current = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight <= SLACK_PX;
    cancelAnimationFrame(saveFrame.current);
    saveFrame.current = requestAnimationFrame(() => setUiState(atBottom.current ? { scrollTop: undefined, scrollKey: undefined } : { scrollTop: scroller.scrollTop, scrollKey: scrollKey === "" ? undefined : scrollKey }));
  }, [container, scrollKey]);

  const isPinned = useCallback(() => atBottom.current, []);
  return { onScroll, isPinned };
}
