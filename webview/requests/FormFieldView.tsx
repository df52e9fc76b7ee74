/**
 * One elicitation form field, labelled by its title (or key), with its description as help text
 * and its validation message wired through aria-describedby and aria-invalid.
 */
import type { FormField } from "../../src/shared/forms/formSchema";
import { patternProblem } from "../../src/shared/forms/patternMatcher";
import { type RawValue, inputTypeFor } from "./formValues";
import { t } from "../l10n";

/** Up to this many choices show as radio buttons; more as a drop-down. */
const RADIO_LIMIT = 4;

interface FormFieldViewProps {
  readonly field: FormField;
  readonly id: string;
  readonly raw: RawValue | undefined;
  readonly error: string | undefined;
  readonly disabled: boolean;
  readonly onChange: (key: string, value: RawValue) => void;
  readonly onBlur: (key: string) => void;
}

export function FormFieldView({ field, id, raw, error, disabled, onChange, onBlur }: FormFieldViewProps) {
  // A pattern the linear matcher cannot run is not enforced here (see formSchema.ts): say so.
  const unchecked = field.type === "string" && field.pattern !== undefined ? patternProblem(field.pattern) : undefined;
  const helpId = field.description ? `${id}-help` : undefined;
  const noteId = unchecked ? `${id}-note` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const aria = {
    "aria-invalid": error ? true : undefined,
    "aria-describedby": [helpId, noteId, errorId].filter(Boolean).join(" ") || undefined,
    "aria-required": field.required || undefined,
  };
  const set = (value: RawValue) => onChange(field.key, value);
  const blur = () => onBlur(field.key);
  const text = typeof raw === "string" ? raw : "";
  const required = field.required ? (
    <span className="form-required" aria-hidden="true" title={t("Required")}>
      *
    </span>
  ) : null;
  const messages = (
    <>
      {field.description ? (
        <div className="form-help" id={helpId}>
          {field.description}
        </div>
      ) : null}
      {unchecked ? (
        <div className="form-help form-pattern-note" id={noteId} role="note">
          The expected format is not checked here ({unchecked}); the agent checks it.
        </div>
      ) : null}
      {error ? (
        <div className="form-error" id={errorId}>
          {error}
        </div>
      ) : null}
    </>
  );

  if (field.type === "boolean") {
    return (
      <div className="form-field form-field-inline">
        <input
          id={id}
          type="checkbox"
          checked={raw === true}
          disabled={disabled}
          onChange={(e) => set(e.target.checked)}
          onBlur={blur}
          {...aria}
        />
        <label htmlFor={id}>{field.label}</label>
        {required}
        {messages}
      </div>
    );
  }

  if (field.type === "multi" || (field.type === "choice" && field.choices.length <= RADIO_LIMIT)) {
    const chosen = Array.isArray(raw) ? raw : [];
    const multi = field.type === "multi";
    return (
      <fieldset className="form-field form-choices" role={multi ? "group" : "radiogroup"} {...aria}>
        <legend>
          {field.label}
          {required}
        </legend>
        {field.choices.map((choice, index) => {
          const checked = multi ? chosen.includes(choice.value) : raw === choice.value;
          const toggle = (on: boolean) =>
            set(multi ? (on ? [...chosen, choice.value] : chosen.filter((v) => v !== choice.value)) : choice.value);
          return (
            <div className="form-choice" key={choice.value}>
              <input
                id={`${id}-${index}`}
                type={multi ? "checkbox" : "radio"}
                name={id}
                checked={checked}
                disabled={disabled}
                onChange={(e) => toggle(e.target.checked)}
                onBlur={blur}
              />
              <label htmlFor={`${id}-${index}`}>{choice.label}</label>
            </div>
          );
        })}
        {messages}
      </fieldset>
    );
  }

  const label = (
    <div className="form-label">
      <label htmlFor={id}>{field.label}</label>
      {required}
    </div>
  );
  if (field.type === "choice") {
    return (
      <div className="form-field">
        {label}
        <select
          id={id}
          className="text-input"
          value={text}
          disabled={disabled}
          onChange={(e) => set(e.target.value)}
          onBlur={blur}
          {...aria}
        >
          {field.defaultValue === undefined ? <option value="">{t("Choose…")}</option> : null}
          {field.choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
        {messages}
      </div>
    );
  }

  const numeric = field.type === "number" || field.type === "integer";
  return (
    <div className="form-field">
      {label}
      <input
        id={id}
        className="text-input"
        type={field.type === "string" ? inputTypeFor(field.format) : "number"}
        value={text}
        disabled={disabled}
        min={numeric ? field.minimum : undefined}
        max={numeric ? field.maximum : undefined}
        step={field.type === "integer" ? 1 : numeric ? "any" : undefined}
        onChange={(e) => set(e.target.value)}
        onBlur={blur}
        {...aria}
      />
      {messages}
    </div>
  );
}
