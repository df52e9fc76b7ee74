/**
 * The parts of the Markdown export beyond the timeline: plans addressed by id (unstable
 * `plan_update`), nested runs (Lody subagents, standard child sessions, CodeBuddy members) with
 * their messages and entries, and inter-session messages no run claims.
 */
import type { SessionMessageView, Thread, ThreadEntry } from "./thread";
import { messagesOfRun } from "./reduceUnstable";

export function idPlansToMarkdown(thread: Thread): string[] {
  const out: string[] = [];
  for (const plan of thread.idPlans ?? []) {
    out.push(`## Plan ${plan.planId}`, "");
    switch (plan.type) {
      case "items":
        for (const item of plan.entries)
          out.push(`- [${item.status === "completed" ? "x" : " "}] ${item.content} (${item.priority}, ${item.status})`);
        break;
      case "file":
        out.push(`Plan file: ${plan.uri}`);
        break;
      case "markdown":
        out.push(plan.content);
        break;
    }
    out.push("");
  }
  return out;
}

export function runsToMarkdown(thread: Thread, entryToMarkdown: (entry: ThreadEntry) => string[]): string[] {
  const out: string[] = [];
  const claimed = new Set<string>();
  for (const runId of thread.runOrder) {
    const run = thread.runs[runId];
    if (!run) continue;
    out.push(`## ${run.kind === "member" ? "Member" : "Subagent"}: ${run.description ?? run.runId} (${run.state})`, "");
    if (run.summary) out.push(run.summary, "");
    for (const message of messagesOfRun(thread.sessionMessages, run)) {
      claimed.add(message.messageId);
      out.push(messageLine(message), "");
    }
    for (const entry of run.thread.entries)
      out.push(...entryToMarkdown(entry).map((line) => (line.startsWith("#") ? `#${line}` : line)), "");
  }
  const loose = (thread.sessionMessages ?? []).filter((message) => !claimed.has(message.messageId));
  if (loose.length > 0) out.push("## Messages", "", ...loose.flatMap((message) => [messageLine(message), ""]));
  return out;
}

function messageLine(message: SessionMessageView): string {
  return `> **Message** ${message.sender ?? "?"} → ${message.recipient ?? "?"}: ${message.text}`;
}
