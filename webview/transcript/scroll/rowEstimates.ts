/**
 * First guesses at the transcript's row heights, before a row has been measured.
 *
 * The virtual list mounts the rows whose guessed extent meets the viewport, so the guess decides
 * what a long thread's first frame renders. A flat guess for a reply (it was 120 px) mounted five
 * 2,000-character replies, about 1,000 px each, to fill a 630 px viewport: four of them rendered,
 * formatted and laid out for nothing in the tail's first frame. A reply's guess is therefore taken
 * from its text: prose wraps at the view's width, fenced code does not. Within about 10 % of the
 * measured height for Markdown replies at 500 and 1,000 px; a guess errs low rather than high (a low
 * one mounts a row too many, a high one could leave the viewport's top empty for a frame). The text is
 * read once per entry; a new width only recomputes (see TextShape).
 */
import type { AssistantEntry, ThreadEntry, UserEntry } from "../../../src/shared/thread/thread";
import type { MessageSegment } from "../messages/messageSegments";
import type { TranscriptRow } from "../transcriptRows";

const LINE_PX = 20;
const CODE_LINE_PX = 18;
const BLANK_LINE_PX = 10;
/** A reply's frame: its padding and the message actions. */
const REPLY_FRAME_PX = 24;
/** A collapsed thought ("Thought" and its disclosure). */
const THOUGHT_PX = 30;
/** Text the view's width holds, in a 13 px proportional font, less the transcript's padding. */
const CHAR_PX = 7;
const PADDING_PX = 32;
/** Guesses are taken at widths rounded to this many characters, so a resize by a few pixels keeps them. */
const CHARS_STEP = 8;
/** The guess errs low: the measured heights came out within 10 % above this (see the file comment). */
const LOWER_BY = 0.9;

/** How many characters of prose fit on a line of a view `width` pixels wide (rounded, at least 24). */
export function charsPerLine(width: number): number {
  const chars = Math.floor((width - PADDING_PX) / CHAR_PX);
  return Math.max(24, Math.floor(chars / CHARS_STEP) * CHARS_STEP);
}

/**
 * What a text's height depends on, whatever the width: the pixels of its lines that do not wrap
 * (fenced code, blank lines) and the count and length of its prose lines. Taken once per entry, so
 * a resize of the view (every guess again, for every entry of a long thread) is arithmetic.
 */
interface TextShape {
  readonly fixedPx: number;
  readonly proseLines: number;
  readonly proseChars: number;
}

function textShape(text: string): TextShape {
  let fixedPx = 0;
  let proseLines = 0;
  let proseChars = 0;
  let fenced = false;
  let start = 0;
  while (start <= text.length) {
    const newline = text.indexOf("\n", start);
    const end = newline === -1 ? text.length : newline;
    if (text.startsWith("```", start) || text.startsWith("~~~", start)) {
      fenced = !fenced;
      fixedPx += LINE_PX;
    } else if (fenced) fixedPx += CODE_LINE_PX;
    else if (isBlank(text, start, end)) fixedPx += BLANK_LINE_PX;
    else {
      proseLines += 1;
      proseChars += end - start;
    }
    if (newline === -1) break;
    start = newline + 1;
  }
  return { fixedPx, proseLines, proseChars };
}

/** A prose line of n characters takes ceil(n / chars) rows: n / chars and half a row, on average. */
function shapeHeight(shape: TextShape, chars: number): number {
  const rows = shape.proseChars / chars + shape.proseLines / 2;
  return Math.round((shape.fixedPx + rows * LINE_PX) * LOWER_BY);
}

/** Guessed pixels for Markdown `text` at `chars` characters a line. */
export function estimateTextHeight(text: string, chars: number): number {
  return shapeHeight(textShape(text), chars);
}

function isBlank(text: string, start: number, end: number): boolean {
  for (let at = start; at < end; at++) if (text.charCodeAt(at) > 32) return false;
  return true;
}

function addShapes(parts: readonly TextShape[], extraFixedPx = 0): TextShape {
  let fixedPx = extraFixedPx;
  let proseLines = 0;
  let proseChars = 0;
  for (const shape of parts) {
    fixedPx += shape.fixedPx;
    proseLines += shape.proseLines;
    proseChars += shape.proseChars;
  }
  return { fixedPx, proseLines, proseChars };
}

const COLLAPSED_THOUGHT: TextShape = { fixedPx: THOUGHT_PX, proseLines: 0, proseChars: 0 };

/** A reply's chunks: its messages' text, and each thought as one collapsed line. */
function replyShape(chunks: AssistantEntry["chunks"]): TextShape {
  return addShapes(chunks.map((chunk) => (chunk.kind === "message" ? textShape(chunk.text) : COLLAPSED_THOUGHT)));
}

/** Segments are kept by the splitter while their blocks do not change: a shape per segment object. */
const segmentShapes = new WeakMap<MessageSegment, TextShape>();

/** A segment of a long reply: its blocks and the gap after each, or a collapsed thought. */
function segmentShape(segment: MessageSegment): TextShape {
  if (segment.chunkKind === "thought") return COLLAPSED_THOUGHT;
  let shape = segmentShapes.get(segment);
  if (shape === undefined) {
    const blocks = segment.blocks.slice(segment.from, segment.to);
    shape = addShapes(blocks.map(textShape), blocks.length * BLANK_LINE_PX);
    segmentShapes.set(segment, shape);
  }
  return shape;
}

/** Entries are immutable: the shape of an entry's text is kept per entry object. */
const entryShapes = new WeakMap<ThreadEntry, TextShape>();

function entryShape(entry: UserEntry | AssistantEntry): TextShape {
  let shape = entryShapes.get(entry);
  if (shape === undefined) {
    shape = entry.kind === "user" ? textShape(entry.text) : replyShape(entry.chunks);
    entryShapes.set(entry, shape);
  }
  return shape;
}

function entryGuess(entry: ThreadEntry, chars: number): number {
  switch (entry.kind) {
    case "user":
      return 24 + shapeHeight(entryShape(entry), chars);
    case "assistant":
      return REPLY_FRAME_PX + shapeHeight(entryShape(entry), chars);
    case "tool_call":
      return 44;
    case "compaction":
    case "error":
    case "notice":
      return 36;
    case "mode_change":
      return 28;
  }
}

/** The guessed height of `row` in a view whose prose lines hold `chars` characters. */
export function estimateRowHeight(row: TranscriptRow, chars: number): number {
  if (row.kind === "run") return 80;
  if (row.kind === "segment") return shapeHeight(segmentShape(row.segment), chars);
  return entryGuess(row.entry, chars);
}
