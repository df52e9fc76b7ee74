/**
 * Blocks that missed the render budget wait as plain text. Those near the viewport are upgraded
 * a budget's worth per frame; the others (the top of a 1 MB flood, a collapsed thought) only
 * when the page is idle, a few at a time, so they never compete with the stream or with input.
 */
import { floodRemainingMs } from "../../host/streamFlood";

const NEAR_VIEWPORT = "600px 0px";
/** Upgrades requested per idle callback; each render still stops at the budget. */
const IDLE_BATCH = 40;

type Upgrade = () => void;

const upgrades = new Map<Element, Upgrade>();
const nearViewport = new Set<Element>();
let observer: IntersectionObserver | undefined;
let pumpScheduled = false;
let idleScheduled = false;

function observe(): IntersectionObserver {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting) nearViewport.add(entry.target);
        else nearViewport.delete(entry.target);
      }
      schedulePump();
    },
    { rootMargin: NEAR_VIEWPORT },
  );
  return observer;
}

/** Calls the upgrade of every waiting block near the viewport, once per frame while any wait. */
function schedulePump(): void {
  if (pumpScheduled) return;
  // In a flood nothing would render: try again once it has settled.
  const flood = floodRemainingMs();
  if (flood > 0) {
    pumpScheduled = true;
    setTimeout(() => {
      pumpScheduled = false;
      schedulePump();
    }, flood);
    return;
  }
  if (nearViewport.size === 0) {
    scheduleIdlePump();
    return;
  }
  pumpScheduled = true;
  requestAnimationFrame(() => {
    pumpScheduled = false;
    for (const element of nearViewport) upgrades.get(element)?.();
    // Blocks that upgraded unregister themselves; the rest try again next frame.
    schedulePump();
  });
}

function scheduleIdlePump(): void {
  if (idleScheduled || upgrades.size === 0) return;
  idleScheduled = true;
  requestIdleCallback(
    () => {
      idleScheduled = false;
      let requested = 0;
      for (const upgrade of upgrades.values()) {
        if (requested++ >= IDLE_BATCH) break;
        upgrade();
      }
      // Give the re-render its own task before asking again.
      setTimeout(schedulePump, 0);
    },
    { timeout: 2_000 },
  );
}

/**
 * Calls `upgrade` (a re-render request) in the frames after `element` comes near the viewport,
 * until the returned function is called (the block rendered, or unmounted).
 */
export function upgradeWhenVisible(element: Element, upgrade: Upgrade): () => void {
  upgrades.set(element, upgrade);
  observe().observe(element);
  scheduleIdlePump();
  return () => {
    upgrades.delete(element);
    nearViewport.delete(element);
    observer?.unobserve(element);
  };
}
