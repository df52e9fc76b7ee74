/**
 * Keeps a scroll container pinned to its bottom while the user is there, and lets go as soon as
 * they scroll up. The offset is saved in the UI state so a reloaded view opens where it was.
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

export function useStickToBottom(container: RefObject<HTMLElement | null>, content: RefObject<HTMLElement | null>, hasContent: boolean): StickToBottom {
  const atBottom = useRef(getUiState().scrollTop === undefined);
  const restored = useRef(false);

  // Once there is something to scroll, go back to where a reloaded view was.
  useLayoutEffect(() => {
    const scroller = container.current;
    if (restored.current || !hasContent || !scroller) return;
    restored.current = true;
    const saved = getUiState().scrollTop;
    scroller.scrollTop = saved ?? scroller.scrollHeight;
  }, [container, hasContent]);

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
    saveFrame.current = requestAnimationFrame(() => setUiState({ scrollTop: atBottom.current ? undefined : scroller.scrollTop }));
  }, [container]);

  const isPinned = useCallback(() => atBottom.current, []);
  return { onScroll, isPinned };
}
