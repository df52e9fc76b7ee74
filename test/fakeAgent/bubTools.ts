/** Bub's tool-call shapes (docs/reference/bub-and-lody.md §4): kinds from tool names, results with Python-repr text. */

/** First substring match of the lower-cased tool name wins; so `format` → `delete` (the "rm"). */
export function bubKind(name: string): string {
  const lower = name.toLowerCase();
  if (lower === "tape.handoff") return "other";
  const rules: Array<[string[], string]> = [
    [["read", "cat", "view"], "read"],
    [["write", "edit", "patch"], "edit"],
    [["delete", "remove", "rm"], "delete"],
    [["search", "grep", "rg"], "search"],
    [["bash", "shell", "exec", "run"], "execute"],
  ];
  for (const [needles, kind] of rules) if (needles.some((needle) => lower.includes(needle))) return kind;
  return "other";
}

/** A completed result: the raw output as is, its text (or Python repr) as content. */
export function bubToolResult(id: string, result: unknown, bashCommand?: string) {
  return {
    sessionUpdate: "tool_call_update",
    toolCallId: id,
    ...(bashCommand === undefined ? {} : { title: bashCommand }),
    status: "completed",
    rawOutput: result,
    content: [
      { type: "content", content: { type: "text", text: typeof result === "string" ? result : pythonRepr(result) } },
    ],
  };
}

/** Python's `repr()` of JSON-like data: `{'session_id': 'x', 'errors': []}`. */
export function pythonRepr(value: unknown): string {
  if (value === null || value === undefined) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (typeof value === "number") return String(value);
  if (typeof value === "string") return `'${value.replace(/\\/g, "\\\\").replace(/'/g, "\\'").replace(/\n/g, "\\n")}'`;
  if (Array.isArray(value)) return `[${value.map(pythonRepr).join(", ")}]`;
  return `{${Object.entries(value as Record<string, unknown>)
    .map(([key, item]) => `${pythonRepr(key)}: ${pythonRepr(item)}`)
    .join(", ")}}`;
}
