/**
 * ACP elicitation forms: the requested schema (a flat object of string / number / integer /
 * boolean / multi-select properties) turned into field descriptions the webview renders, and
 * the values the user entered validated before anything is sent back. Shared so the webview
 * validates as the user types and the host validates again at the boundary.
 *
 * Hostile schemas are bounded: at most MAX_FORM_FIELDS fields and MAX_ENUM_OPTIONS options each;
 * nested objects are not part of ACP forms and are refused.
 *
 * A `pattern` is the agent's regular expression: it is run by a linear-time matcher
 * (patternMatcher.ts), never by JavaScript's backtracking RegExp, so no pattern can freeze the
 * extension host or the webview. A pattern that matcher cannot run (lookaround, backreferences,
 * an invalid or oversized pattern), or a value too long to check against it, is not enforced
 * here: the agent validates what it receives, and the form field shows a note saying so.
 */
import * as z from "zod";
import { testPattern } from "./patternMatcher";
import { english, type Translate } from "../l10n";

export const MAX_FORM_FIELDS = 100;
export const MAX_ENUM_OPTIONS = 500;

export interface Choice {
  readonly value: string;
  readonly label: string;
}

interface FieldBase {
  readonly key: string;
  /** The title, else the key: what the field's label says. */
  readonly label: string;
  readonly description?: string;
  readonly required: boolean;
}

export type FormField =
  | (FieldBase & {
      readonly type: "string";
      readonly format?: "email" | "uri" | "date" | "date-time";
      readonly minLength?: number;
      readonly maxLength?: number;
      readonly pattern?: string;
      readonly defaultValue?: string;
    })
  | (FieldBase & { readonly type: "choice"; readonly choices: readonly Choice[]; readonly defaultValue?: string })
  | (FieldBase & {
      readonly type: "number" | "integer";
      readonly minimum?: number;
      readonly maximum?: number;
      readonly defaultValue?: number;
    })
  | (FieldBase & { readonly type: "boolean"; readonly defaultValue?: boolean })
  | (FieldBase & {
      readonly type: "multi";
      readonly choices: readonly Choice[];
      readonly minItems?: number;
      readonly maxItems?: number;
      readonly defaultValue?: readonly string[];
    });

export type FormValue = string | number | boolean | string[];

const text = z.string().optional().catch(undefined);
const num = z.number().optional().catch(undefined);
const optionList = z.array(z.looseObject({ const: z.string(), title: z.string().optional() })).max(MAX_ENUM_OPTIONS);

const propertySchema = z.looseObject({
  type: z.string(),
  title: text,
  description: text,
  format: z.enum(["email", "uri", "date", "date-time"]).optional().catch(undefined),
  minLength: num,
  maxLength: num,
  pattern: text,
  minimum: num,
  maximum: num,
  minItems: num,
  maxItems: num,
  enum: z.array(z.string()).max(MAX_ENUM_OPTIONS).optional(),
  enumNames: z.array(z.string()).optional().catch(undefined),
  oneOf: optionList.optional(),
  items: z
    .looseObject({
      type: z.string().optional(),
      enum: z.array(z.string()).max(MAX_ENUM_OPTIONS).optional(),
      anyOf: optionList.optional(),
    })
    .optional(),
  default: z.unknown().optional(),
});

const formSchema = z.looseObject({
  type: z.literal("object").optional(),
  properties: z.record(z.string(), z.unknown()).default({}),
  required: z.array(z.string()).nullish(),
});

export type ParsedForm =
  { readonly ok: true; readonly fields: readonly FormField[] } | { readonly ok: false; readonly error: string };

export function parseFormSchema(schema: unknown): ParsedForm {
  const parsed = formSchema.safeParse(schema);
  if (!parsed.success) return { ok: false, error: "The form's schema is not an object schema." };
  const entries = Object.entries(parsed.data.properties);
  if (entries.length > MAX_FORM_FIELDS)
    return { ok: false, error: `The form has ${entries.length} fields; at most ${MAX_FORM_FIELDS} are supported.` };
  const required = new Set(parsed.data.required ?? []);
  const fields: FormField[] = [];
  for (const [key, raw] of entries) {
    const property = propertySchema.safeParse(raw);
    if (!property.success) return { ok: false, error: `Field "${key}" is not a valid form field.` };
    const field = toField(key, property.data, required.has(key));
    if (!field)
      return { ok: false, error: `Field "${key}" has a type ("${property.data.type}") that forms do not support.` };
    fields.push(field);
  }
  return { ok: true, fields };
}

function toField(key: string, p: z.infer<typeof propertySchema>, required: boolean): FormField | undefined {
  const base = { key, label: p.title ?? key, required, ...(p.description ? { description: p.description } : {}) };
  switch (p.type) {
    case "string": {
      const choices =
        p.oneOf?.map((o) => ({ value: o.const, label: o.title ?? o.const })) ??
        p.enum?.map((value, i) => ({ value, label: p.enumNames?.[i] ?? value }));
      const defaultValue = typeof p.default === "string" ? p.default : undefined;
      if (choices) return { ...base, type: "choice", choices, ...(defaultValue !== undefined ? { defaultValue } : {}) };
      return {
        ...base,
        type: "string",
        ...pick({ format: p.format, minLength: p.minLength, maxLength: p.maxLength, pattern: p.pattern, defaultValue }),
      };
    }
    case "number":
    case "integer":
      return {
        ...base,
        type: p.type,
        ...pick({
          minimum: p.minimum,
          maximum: p.maximum,
          defaultValue: typeof p.default === "number" ? p.default : undefined,
        }),
      };
    case "boolean":
      return {
        ...base,
        type: "boolean",
        ...pick({ defaultValue: typeof p.default === "boolean" ? p.default : undefined }),
      };
    case "array": {
      const choices =
        p.items?.anyOf?.map((o) => ({ value: o.const, label: o.title ?? o.const })) ??
        p.items?.enum?.map((value) => ({ value, label: value }));
      if (!choices) return undefined;
      const defaultValue =
        Array.isArray(p.default) && p.default.every((v) => typeof v === "string") ? p.default : undefined;
      return { ...base, type: "multi", choices, ...pick({ minItems: p.minItems, maxItems: p.maxItems, defaultValue }) };
    }
    default:
      return undefined;
  }
}

/** The defined values only: a key whose value is `undefined` is left out, not set to `undefined`. */
function pick<T extends Record<string, unknown>>(values: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}

export type FormValidation =
  | { readonly ok: true; readonly content: Record<string, FormValue> }
  | { readonly ok: false; readonly errors: Readonly<Record<string, string>> };

/** Validates entered values; empty optional fields are left out of the content. */
export function validateForm(
  fields: readonly FormField[],
  values: Readonly<Record<string, unknown>>,
  t: Translate = english,
): FormValidation {
  const errors: Record<string, string> = {};
  const content: Record<string, FormValue> = {};
  for (const field of fields) {
    const value = values[field.key];
    const empty =
      value === undefined || value === "" || (Array.isArray(value) && value.length === 0 && field.type !== "multi");
    if (empty) {
      if (field.required) errors[field.key] = t("{0} is required.", field.label);
      continue;
    }
    const problem = checkField(field, value, t);
    if (problem) errors[field.key] = problem;
    else content[field.key] = value as FormValue;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, content };
}

function checkField(field: FormField, value: unknown, t: Translate): string | undefined {
  switch (field.type) {
    case "string": {
      if (typeof value !== "string") return t("{0} must be text.", field.label);
      if (field.minLength !== undefined && value.length < field.minLength)
        return t("{0} needs at least {1} characters.", field.label, field.minLength);
      if (field.maxLength !== undefined && value.length > field.maxLength)
        return t("{0} allows at most {1} characters.", field.label, field.maxLength);
      if (field.pattern !== undefined && testPattern(field.pattern, value) === "mismatch")
        return t("{0} does not match the expected format.", field.label);
      if (field.format === "email" && !z.email().safeParse(value).success)
        return t("{0} must be an email address.", field.label);
      if (field.format === "uri" && !z.url().safeParse(value).success) return t("{0} must be a URL.", field.label);
      if (field.format === "date" && !z.iso.date().safeParse(value).success)
        return t("{0} must be a date (YYYY-MM-DD).", field.label);
      if (field.format === "date-time" && !z.iso.datetime({ offset: true, local: true }).safeParse(value).success)
        return t("{0} must be a date and time.", field.label);
      return undefined;
    }
    case "choice":
      return typeof value === "string" && field.choices.some((c) => c.value === value)
        ? undefined
        : t("Choose one of the options for {0}.", field.label);
    case "number":
    case "integer": {
      if (typeof value !== "number" || !Number.isFinite(value)) return t("{0} must be a number.", field.label);
      if (field.type === "integer" && !Number.isInteger(value)) return t("{0} must be a whole number.", field.label);
      if (field.minimum !== undefined && value < field.minimum)
        return t("{0} must be at least {1}.", field.label, field.minimum);
      if (field.maximum !== undefined && value > field.maximum)
        return t("{0} must be at most {1}.", field.label, field.maximum);
      return undefined;
    }
    case "boolean":
      return typeof value === "boolean" ? undefined : t("{0} must be yes or no.", field.label);
    case "multi": {
      if (
        !Array.isArray(value) ||
        !value.every((v) => typeof v === "string" && field.choices.some((c) => c.value === v))
      )
        return t("Choose from the options for {0}.", field.label);
      if (field.minItems !== undefined && value.length < field.minItems)
        return t("Choose at least {0} for {1}.", field.minItems, field.label);
      if (field.maxItems !== undefined && value.length > field.maxItems)
        return t("Choose at most {0} for {1}.", field.maxItems, field.label);
      return undefined;
    }
  }
}
