/**
 * What a form card holds while the user types (raw input strings, checkbox states, chosen
 * values) and how that becomes the values `validateForm` checks and the host receives.
 */
import type { FormField } from "../../src/shared/forms/formSchema";

export type RawValue = string | boolean | string[];

export function initialRaw(field: FormField): RawValue {
  switch (field.type) {
    case "string":
    case "choice":
      return field.defaultValue ?? "";
    case "number":
    case "integer":
      return field.defaultValue === undefined ? "" : String(field.defaultValue);
    case "boolean":
      return field.defaultValue ?? false;
    case "multi":
      return [...(field.defaultValue ?? [])];
  }
}

/** Typed value for validation: numbers parsed (unparsable text stays text, so it is reported). */
export function toValue(field: FormField, raw: RawValue | undefined): unknown {
  if (raw === undefined) return undefined;
  if ((field.type === "number" || field.type === "integer") && typeof raw === "string") {
    if (raw.trim() === "") return undefined;
    const number = Number(raw);
    return Number.isNaN(number) ? raw : number;
  }
  return raw;
}

export function toValues(
  fields: readonly FormField[],
  raw: Readonly<Record<string, RawValue>>,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    const value = toValue(field, raw[field.key]);
    if (value !== undefined) values[field.key] = value;
  }
  return values;
}

const inputTypes = { email: "email", uri: "url", date: "date", "date-time": "datetime-local" } as const;

export function inputTypeFor(format: "email" | "uri" | "date" | "date-time" | undefined): string {
  return format === undefined ? "text" : inputTypes[format];
}
