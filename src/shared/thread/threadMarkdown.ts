/**
 * Renders a thread as Markdown: the golden-transcript format of the tests and the body of
 * "Export Session as Markdown". Deterministic: same thread, same text.
 */
import type { Thread, ThreadEntry, ToolCallEntry } from "./thread";
import { contentBlockText, type ToolContent } from "./sessionUpdate";
import { idPlansToMarkdown, runsToMarkdown } from "./threadMarkdownExtras";

export function threadToMarkdown(thread: Thread, heading = thread.title ?? "ACP session"): string {
  const out: string[] = [`# ${heading}`, ""];
  if (thread.usage)
    out.push(
      `_Context: ${thread.usage.used} / ${thread.usage.size} tokens${thread.usage.cost ? `, ${thread.usage.cost.amount} ${thread.usage.cost.currency}` : ""}_`,
      "",
    );
  for (const entry of thread.entries) out.push(...entryToMarkdown(entry), "");
  if (thread.plan.length > 0) {
    out.push("## Plan", "");
    for (const item of thread.plan)
      out.push(`- [${item.status === "completed" ? "x" : " "}] ${item.content} (${item.priority}, ${item.status})`);
    out.push("");
  }
  out.push(...idPlansToMarkdown(thread), ...runsToMarkdown(thread, entryToMarkdown));
  if (thread.commands.length > 0)
    out.push("## Commands", "", ...thread.commands.map((c) => `- /${c.name}: ${c.description}`), "");
  if (thread.configOptions.length > 0) {
    out.push(
      "## Config",
      "",
      ...thread.configOptions.map((o) => `- ${o.name} (${o.category ?? "other"}): ${String(o.currentValue)}`),
      "",
    );
  }
  if (thread.modes) out.push(`Mode: ${thread.modes.currentModeId}`, "");
  return (
    out
      .join("\n")
      .replace(/\n{3,}/g, "\n\n")
      .trimEnd() + "\n"
  );
}

function entryToMarkdown(entry: ThreadEntry): string[] {
  switch (entry.kind) {
    case "user":
      return [
        "## User",
        "",
        entry.text,
        ...(entry.attachments ?? []).map((block) => `- attachment: ${contentBlockText(block)}`),
      ];
    case "assistant":
      return [
        "## Agent",
        "",
        ...entry.chunks.flatMap((chunk) =>
          chunk.kind === "thought" ? [quote(`Thought: ${chunk.text}`), ""] : [chunk.text, ""],
        ),
      ];
    case "tool_call":
      return toolToMarkdown(entry);
    case "compaction":
      return [
        `> **Context compaction** (${entry.status})${entry.summary ? `: ${entry.summary}` : ""}${entry.error ? ` — error: ${entry.error}` : ""}`,
      ];
    case "notice":
      return [`> **${entry.severity}:** ${entry.title}${entry.description ? ` — ${entry.description}` : ""}`];
    case "error":
      return [`> **Error:** ${entry.message}`, ...(entry.details ? ["", fence(entry.details)] : [])];
    case "mode_change":
      return [`_Mode: ${entry.name}_`];
  }
}

function toolToMarkdown(entry: ToolCallEntry): string[] {
  const lines = [`### Tool: ${entry.title} [${entry.toolKind}, ${entry.status}]`];
  for (const location of entry.locations)
    lines.push(`- location: ${location.path}${location.line ? `:${location.line}` : ""}`);
  if (entry.rawInput !== undefined)
    lines.push("", "Input:", "", fence(JSON.stringify(entry.rawInput, null, 2), "json"));
  for (const item of entry.content) lines.push("", ...toolContentToMarkdown(item));
  if (entry.rawOutput !== undefined && entry.content.length === 0) {
    lines.push(
      "",
      "Output:",
      "",
      fence(typeof entry.rawOutput === "string" ? entry.rawOutput : JSON.stringify(entry.rawOutput, null, 2)),
    );
  }
  return lines;
}

function toolContentToMarkdown(item: ToolContent): string[] {
  switch (item.type) {
    case "content":
      return [contentBlockText(item.content)];
    case "diff":
      return [
        `Diff of ${item.path}${item.oldText ? "" : " (new file)"}:`,
        "",
        fence(unifiedDiffLines(item.oldText ?? "", item.newText), "diff"),
      ];
    case "terminal":
      return [`Terminal ${item.terminalId}`];
  }
}

/** A whole-file line diff, good enough for exports (the panel renders a real hunked diff). */
function unifiedDiffLines(oldText: string, newText: string): string {
  const before = oldText === "" ? [] : oldText.split("\n");
  const after = newText.split("\n");
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let endBefore = before.length;
  let endAfter = after.length;
  while (endBefore > start && endAfter > start && before[endBefore - 1] === after[endAfter - 1]) {
    endBefore--;
    endAfter--;
  }
  return [
    ...before.slice(start, endBefore).map((l) => `-${l}`),
    ...after.slice(start, endAfter).map((l) => `+${l}`),
  ].join("\n");
}

function fence(text: string, language = ""): string {
  const ticks = text.includes("```") ? "````" : "```";
  return `${ticks}${language}\n${text}\n${ticks}`;
}

function quote(text: string): string {
  return text
    .split("\n")
    .map((line) => `> ${line}`)
    .join("\n");
}
