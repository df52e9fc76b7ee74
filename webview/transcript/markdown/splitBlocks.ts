/**
 * Splits streamed Markdown into top-level blocks so only the growing tail is re-parsed.
 *
 * A block ends at a blank line outside a fenced code block, unless the next line is indented
 * (then it continues a list item or an indented code block). A block is final once the next one
 * has started, so every block but the last keeps its exact text while the message grows.
 *
 * Where a block starts the splitter's state is empty (no open fence, no pending blank line), so
 * splitting can resume there: `splitGrowingText` re-splits only from the start of the last block
 * when the new text extends the old one, which keeps a 1 MB streamed message linear overall.
 */
const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})/;
const FENCE_CLOSE = /^ {0,3}(`{3,}|~{3,})\s*$/;

export interface SplitText {
  readonly text: string;
  readonly blocks: readonly string[];
  /** Offset in `text` where the last block starts (text.length when there are no blocks). */
  readonly tailStart: number;
}

export function splitBlocks(text: string): string[] {
  return [...splitFrom(text, 0).blocks];
}

/** Splits `text`, reusing `previous` (the same message, shorter) when `text` extends it. */
export function splitGrowingText(text: string, previous?: SplitText): SplitText {
  if (
    !previous ||
    previous.blocks.length === 0 ||
    text.length < previous.text.length ||
    !text.startsWith(previous.text)
  )
    return splitFrom(text, 0);
  if (text.length === previous.text.length) return previous;
  const tail = splitFrom(text, previous.tailStart);
  return { text, blocks: [...previous.blocks.slice(0, -1), ...tail.blocks], tailStart: tail.tailStart };
}

function splitFrom(text: string, from: number): SplitText {
  const blocks: string[] = [];
  let current: string[] = [];
  let currentStart = from;
  let tailStart = text.length;
  let fence: string | undefined;
  let afterBlank = false;
  let offset = from;
  for (const line of text.slice(from).split("\n")) {
    const lineStart = offset;
    offset += line.length + 1;
    if (fence !== undefined) {
      current.push(line);
      const close = FENCE_CLOSE.exec(line)?.[1];
      if (close !== undefined && close[0] === fence[0] && close.length >= fence.length) fence = undefined;
      continue;
    }
    if (line.trim() === "") {
      if (current.length > 0) {
        current.push(line);
        afterBlank = true;
      }
      continue;
    }
    if (afterBlank && !/^\s/.test(line)) {
      blocks.push(withoutTrailingBlankLines(current));
      current = [];
    }
    if (current.length === 0) currentStart = lineStart;
    afterBlank = false;
    current.push(line);
    fence = FENCE_OPEN.exec(line)?.[1];
  }
  if (current.length > 0) {
    blocks.push(afterBlank ? withoutTrailingBlankLines(current) : current.join("\n"));
    tailStart = currentStart;
  }
  return { text, blocks, tailStart };
}

function withoutTrailingBlankLines(lines: string[]): string {
  let end = lines.length;
  while (end > 0 && lines[end - 1]?.trim() === "") end--;
  return lines.slice(0, end).join("\n");
}
