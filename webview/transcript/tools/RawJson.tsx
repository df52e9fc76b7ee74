/** A tool call's raw input or output: a string as it is, anything else as indented JSON. */
import { memo } from "react";
import { Collapsible } from "../../ui/Collapsible";

/** Output longer than this is cut: a tool may return megabytes. */
const CHAR_LIMIT = 100_000;

export function formatRaw(value: unknown): string {
  if (typeof value === "string") return value;
  // What JSON cannot hold, JSON.stringify returns as undefined (despite its type).
  if (value === undefined || typeof value === "function" || typeof value === "symbol") return String(value);
  try {
    return JSON.stringify(value, null, 2);
  } catch {
    // A value off the wire is JSON, so only a cycle or a BigInt gets here.
    return Object.prototype.toString.call(value);
  }
}

export const RawJson = memo(function RawJson({
  label,
  value,
  storageKey,
}: {
  label: string;
  value: unknown;
  storageKey: string;
}) {
  return (
    <Collapsible className="tool-raw" storageKey={storageKey} summary={label} label={label}>
      {() => {
        const text = formatRaw(value);
        const cut = text.length > CHAR_LIMIT;
        return (
          <pre className="tool-raw-body" tabIndex={0}>
            {cut ? `${text.slice(0, CHAR_LIMIT)}\n… (${text.length - CHAR_LIMIT} more characters)` : text}
          </pre>
        );
      }}
    </Collapsible>
  );
});
