/**
 * An `elicitation/create` form: the agent's message and the fields of its schema (parsed with
 * the shared parseFormSchema), validated as the user types with the same validateForm the host
 * uses again at the boundary. Submit posts the typed values; Decline and Cancel answer without.
 * A schema that cannot be shown leaves only Decline and Cancel.
 */
import VscodeButton from "@vscode-elements/react-elements/dist/components/VscodeButton.js";
import { type KeyboardEvent, type SubmitEvent, memo, useEffect, useId, useMemo, useRef, useState } from "react";
import { parseFormSchema, validateForm } from "../../src/shared/forms/formSchema";
import type { PendingForm } from "../../src/shared/thread/thread";
import { composerIsIdle } from "./composerPresence";
import { offerFormHandoff, withdrawFormHandoff } from "./formHandoff";
import { focusFirstField } from "./requestFocus";
import { type RawValue, initialRaw, toValues } from "./formValues";
import { useHostActions } from "../host/hooks";
import { useFormErrors } from "./useFormErrors";
import { Codicon } from "../ui/Codicon";
import { FormFieldView } from "./FormFieldView";
import { t } from "../l10n";

/** Forms that have had their chance at focus: a card scrolled back into view must not grab it. */
const offeredFocus = new Set<string>();

export const FormCard = memo(function FormCard({ form }: { form: PendingForm }) {
  const { submitForm, declineForm, cancelForm } = useHostActions();
  const parsed = useMemo(() => parseFormSchema(form.schema), [form.schema]);
  const fields = useMemo(() => (parsed.ok ? parsed.fields : []), [parsed]);
  const [raw, setRaw] = useState<Record<string, RawValue>>(() =>
    Object.fromEntries(fields.map((f) => [f.key, initialRaw(f)])),
  );
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [attempted, setAttempted] = useState(false);
  const [pending, setPending] = useState(false);
  const hostErrors = useFormErrors(form.requestId);
  const [editedSinceHost, setEditedSinceHost] = useState<ReadonlySet<string>>(new Set());
  const idPrefix = useId();
  const element = useRef<HTMLFormElement>(null);

  // When it appears, the first field takes focus if the panel has it and the prompt box does not.
  useEffect(() => {
    if (offeredFocus.has(form.requestId)) return undefined;
    const frame = requestAnimationFrame(() => {
      offeredFocus.add(form.requestId);
      if (!document.hasFocus()) return;
      if (!composerIsIdle()) {
        offerFormHandoff(form.requestId, form.message || t("The agent asks for input."));
        return;
      }
      focusFirstField(element.current, false);
    });
    return () => cancelAnimationFrame(frame);
  }, [form.requestId, form.message]);
  useEffect(() => () => withdrawFormHandoff(form.requestId), [form.requestId]);

  // The host's verdict arrived: show it (until each field is edited) and allow another try.
  useEffect(() => {
    setEditedSinceHost(new Set());
    setPending(false);
  }, [hostErrors]);

  const validation = validateForm(fields, toValues(fields, raw), t);
  const localErrors = validation.ok ? {} : validation.errors;
  const errorFor = (key: string): string | undefined => {
    const local = attempted || touched.has(key) ? localErrors[key] : undefined;
    return local ?? (editedSinceHost.has(key) ? undefined : hostErrors[key]);
  };
  const strayHostErrors = Object.entries(hostErrors).filter(([key]) => !fields.some((f) => f.key === key));

  const onChange = (key: string, value: RawValue) => {
    setRaw((current) => ({ ...current, [key]: value }));
    setTouched((current) => (current.has(key) ? current : new Set(current).add(key)));
    setEditedSinceHost((current) => (current.has(key) ? current : new Set(current).add(key)));
  };
  const onBlur = (key: string) => setTouched((current) => (current.has(key) ? current : new Set(current).add(key)));

  const submit = () => {
    if (pending || !parsed.ok) return;
    setAttempted(true);
    if (!validation.ok) {
      const invalid = element.current?.querySelector<HTMLElement>("[aria-invalid='true']");
      (invalid instanceof HTMLFieldSetElement ? invalid.querySelector("input") : invalid)?.focus();
      return;
    }
    setPending(true);
    submitForm(form.requestId, validation.content);
  };
  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    submit();
  };
  // Enter in a one-line input submits, whatever the number of fields.
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    const target = event.target as HTMLElement;
    if (
      event.key === "Enter" &&
      target instanceof HTMLInputElement &&
      target.type !== "checkbox" &&
      target.type !== "radio"
    ) {
      event.preventDefault();
      submit();
    }
  };
  const messageId = `${idPrefix}-message`;

  return (
    <form
      className="form-card"
      aria-labelledby={messageId}
      data-request-id={form.requestId}
      noValidate
      ref={element}
      onSubmit={onSubmit}
      onKeyDown={onKeyDown}
    >
      <div className="form-message" id={messageId}>
        <Codicon name="question" className="heading-icon" />
        <span>{form.message || t("The agent asks for input.")}</span>
      </div>
      {parsed.ok ? (
        fields.map((field, index) => (
          <FormFieldView
            key={field.key}
            field={field}
            id={`${idPrefix}-${index}`}
            raw={raw[field.key]}
            error={errorFor(field.key)}
            disabled={pending}
            onChange={onChange}
            onBlur={onBlur}
          />
        ))
      ) : (
        <div className="form-error form-schema-error" role="alert">
          {t("This form cannot be shown: {0}", parsed.error)}
        </div>
      )}
      {strayHostErrors.map(([key, message]) => (
        <div className="form-error" role="alert" key={key}>
          {message}
        </div>
      ))}
      <div className="form-actions">
        {parsed.ok ? (
          <VscodeButton disabled={pending} aria-disabled={pending ? "true" : "false"} onClick={submit}>
            {t("Submit")}
          </VscodeButton>
        ) : null}
        <VscodeButton secondary onClick={() => declineForm(form.requestId)}>
          {t("Decline")}
        </VscodeButton>
        <VscodeButton secondary onClick={() => cancelForm(form.requestId)}>
          {t("Cancel")}
        </VscodeButton>
      </div>
    </form>
  );
});
