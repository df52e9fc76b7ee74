/**
 * Splits streamed Markdown into top-level blocks so only the growing tail is re-parsed.
 *
 * A block ends at a blank line outside a fenced code block, unless the next line is indented
 * (then it continues a list item or an indented code block). A block is final once the next one
 * has started, so every block but the last keeps its exact text while the message grows.
 */
const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})/;
const FENCE_CLOSE = /^ {0,3}(`{3,}|~{3,})\s*$/;

export function splitBlocks(text: string): string[] {
  const blocks: string[] = [];
  let current: string[] = [];
  let fence: string | undefined;
  let afterBlank = false;
  for (const line of text.split("\n")) {
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
    afterBlank = false;
    current.push(line);
    fence = FENCE_OPEN.exec(line)?.[1];
  }
  if (current.length > 0) blocks.push(afterBlank ? withoutTrailingBlankLines(current) : current.join("\n"));
  return blocks;
}

function withoutTrailingBlankLines(lines: string[]): string {
  let end = lines.length;
  while (end > 0 && lines[end - 1]?.trim() === "") end--;
  return lines.slice(0, end).join("\n");
}
