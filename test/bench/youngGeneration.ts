/**
 * V8 doubles the young generation (new space) each time the bytes that survived its collections
 * since the last doubling exceed its size, up to a maximum (128 MB of committed space on the bench's
 * Node 24), and never shrinks it in a busy process. An extension host that has run for a while (VS
 * Code's own code, every extension's) is at that maximum; a bench process that has just started is
 * not, so its RSS would grow by the young generation's doublings, whatever the panel keeps.
 * `growYoungGenerationToItsMaximum` puts a fresh process where a long-running host is, so that a
 * memory figure measures what the panel holds: it allocates objects that survive a few collections
 * until the young generation stops growing, then lets them all go.
 */
import { getHeapSpaceStatistics } from "node:v8";

const newSpaceBytes = (): number =>
  getHeapSpaceStatistics().find((space) => space.space_name === "new_space")?.space_size ?? 0;

/** The young generation's committed size before and after, in MB. */
export function growYoungGenerationToItsMaximum(): { beforeMB: number; afterMB: number } {
  const before = newSpaceBytes();
  let ring: Array<unknown[] | undefined> = new Array(64);
  let largest = before;
  // ~80 KB a batch: 10,000 batches without growth is ~800 MB allocated, over 6 doublings' worth at the maximum.
  for (let batch = 0, sinceGrowth = 0; sinceGrowth < 10_000; batch++, sinceGrowth++) {
    const objects: unknown[] = [];
    for (let k = 0; k < 2000; k++) objects.push({ k, text: `x${k}` });
    ring[batch % ring.length] = objects;
    const now = newSpaceBytes();
    if (now > largest) {
      largest = now;
      sinceGrowth = 0;
    }
  }
  ring = [];
  return { beforeMB: before / (1024 * 1024), afterMB: largest / (1024 * 1024) };
}
