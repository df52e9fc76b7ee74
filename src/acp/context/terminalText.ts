/**
 * A terminal's output as plain text for a prompt: escape sequences (CSI, OSC, and the shell
 * integration's own OSC 633 marks) removed, `\r\n` made `\n`, a line rewritten by `\r` kept as its
 * last state, other control characters dropped. The tail is kept when it is longer than the cap.
 */

export const MAX_TERMINAL_CHARS = 64 * 1024;

const OSC = /\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)/g;
const CSI = /\x1b\[[0-?]*[ -/]*[@-~]/g;
const OTHER_ESCAPE = /\x1b[@-Z\\-_]|\x1b[ -/]+[0-~]/g;
// Every C0 control except tab and newline, and DEL.
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f]/g;

export function terminalPlainText(raw: string): string {
  const stripped = raw.replace(OSC, "").replace(CSI, "").replace(OTHER_ESCAPE, "").replace(/\r\n/g, "\n");
  return stripped
    .split("\n")
    .map((line) => (line.includes("\r") ? (line.split("\r").filter(Boolean).pop() ?? "") : line))
    .join("\n")
    .replace(CONTROL, "");
}

/** Appends to a bounded buffer, keeping the end. */
export function appendTail(buffer: string, chunk: string, cap = MAX_TERMINAL_CHARS): string {
  const joined = buffer + chunk;
  return joined.length > cap ? joined.slice(joined.length - cap) : joined;
}
