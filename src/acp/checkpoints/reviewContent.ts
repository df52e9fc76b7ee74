/**
 * What a reviewed file held: before the turn (its checkpoint) and after the agent. Bytes, so a
 * binary file or a text in another encoding is restored exactly; shown as text only when the bytes
 * are UTF-8 that round-trips and hold no NUL.
 */
export type Baseline =
  | { readonly kind: "file"; readonly content: Buffer; readonly executable?: boolean }
  | { readonly kind: "absent" }
  | { readonly kind: "unknown"; readonly reason: string };

/** The text of `bytes`, or undefined when they are not text the editor can write back unchanged. */
export function textOf(bytes: Buffer): string | undefined {
  if (bytes.includes(0)) return undefined;
  const text = bytes.toString("utf8");
  return Buffer.byteLength(text, "utf8") === bytes.length && Buffer.from(text, "utf8").equals(bytes) ? text : undefined;
}

export function sameBytes(a: Buffer | null | undefined, b: Buffer | null | undefined): boolean {
  if (a === null || a === undefined || b === null || b === undefined) return a === b || (a == null && b == null);
  return a.equals(b);
}

export function baselineBytes(baseline: Baseline): Buffer | null | undefined {
  return baseline.kind === "file" ? baseline.content : baseline.kind === "absent" ? null : undefined;
}
