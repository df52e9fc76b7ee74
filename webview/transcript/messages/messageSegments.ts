/**
 * Long agent messages as several transcript rows, so the virtual list windows them too.
 *
 * The virtual list renders the rows near the viewport. A 1 MB reply is one entry; as one row it
 * would keep all of its thousands of Markdown blocks in the DOM, and every streamed frame would
 * lay out and paint them. A message chunk longer than SEGMENTED_FROM_CHARS is cut into segments
 * of SEGMENT_BLOCKS top-level blocks (markdown/splitBlocks.ts); each segment is a row.
 *
 * Streaming only changes the last block, so segments that do not hold it keep their object from
 * the previous split (memoised views skip them), and only the tail is re-split.
 */
import type { AssistantEntry } from "../../../src/shared/thread/thread";
import { type SplitText, splitGrowingText } from "../markdown/splitBlocks";

export const SEGMENTED_FROM_CHARS = 12_000;
export const SEGMENT_BLOCKS = 24;
/** Split texts kept for incremental re-splitting: streamed messages, and recently shown long ones. */
const MAX_REMEMBERED = 64;

export interface MessageSegment {
  readonly chunkKind: "message" | "thought";
  /** All blocks of the chunk; this segment shows [from, to). */
  readonly blocks: readonly string[];
  readonly from: number;
  readonly to: number;
}

interface Remembered {
  readonly split: SplitText;
  readonly segments: readonly MessageSegment[];
}

const remembered = new Map<string, Remembered>();

/** The segments of `entry` in order, or undefined when it is short enough to be a single row. */
export function messageSegments(entry: AssistantEntry): MessageSegment[] | undefined {
  if (!entry.chunks.some((chunk) => chunk.kind === "message" && chunk.text.length > SEGMENTED_FROM_CHARS))
    return undefined;
  return entry.chunks.flatMap((chunk, chunkIndex) => {
    const cacheKey = `${entry.id}\u0000${chunkIndex}`;
    const previous = remembered.get(cacheKey);
    const split =
      chunk.kind === "message"
        ? splitGrowingText(chunk.text, previous?.split)
        : { text: chunk.text, blocks: [chunk.text], tailStart: 0 };
    // Blocks before the previous last one are final; the last one may have grown.
    const previousCount = previous?.split.blocks.length ?? 0;
    const unchangedBlocks = previous && previous.split.text !== split.text ? previousCount - 1 : previousCount;
    const step = chunk.kind === "message" ? SEGMENT_BLOCKS : 1;
    const segments: MessageSegment[] = [];
    for (let from = 0; from < split.blocks.length; from += step) {
      const to = Math.min(split.blocks.length, from + step);
      const old = previous?.segments[segments.length];
      segments.push(
        old !== undefined && old.from === from && old.to === to && to <= unchangedBlocks
          ? old
          : { chunkKind: chunk.kind, blocks: split.blocks, from, to },
      );
    }
    remembered.delete(cacheKey);
    remembered.set(cacheKey, { split, segments });
    while (remembered.size > MAX_REMEMBERED) remembered.delete(remembered.keys().next().value as string);
    return segments;
  });
}
