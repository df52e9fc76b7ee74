/**
 * The "@name" mentions of the prompt, highlighted. A textarea can't hold chips, so the mention
 * stays in the text as a token and this layer, laid exactly under the textarea (same font,
 * padding and wrapping; its text transparent), paints a highlight behind each token. It is
 * decoration only: hidden from assistive technology, which reads the text itself.
 */
import type { ReactNode, Ref } from "react";

/** The text a picked mention leaves in the prompt. */
export function mentionToken(name: string): string {
  return `@${name.replace(/\s+/g, "_")}`;
}

export function MentionHighlights({
  ref,
  text,
  tokens,
}: {
  ref: Ref<HTMLDivElement>;
  text: string;
  tokens: readonly string[];
}) {
  return (
    <div className="composer-highlights" aria-hidden="true" ref={ref}>
      {highlight(text, tokens)}
      {/* A trailing newline needs a character after it to take up its line. */}
      {"\u200b"}
    </div>
  );
}

function highlight(text: string, tokens: readonly string[]): ReactNode[] {
  const wanted = [...new Set(tokens)].filter((token) => token !== "").sort((a, b) => b.length - a.length);
  if (wanted.length === 0) return [text];
  const pattern = new RegExp(`(${wanted.map((token) => token.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})`, "g");
  return text.split(pattern).map((part, index) => (index % 2 === 1 ? <mark key={index}>{part}</mark> : part));
}
