/** The host's verdicts on submitted forms, provided by the shell (shell/panelServices.tsx). */
import { createContext, useCallback, useSyncExternalStore } from "react";
import { useProvided } from "../host/hooks";
import type { FormErrorStore } from "./formErrorStore";

export const FormErrorsContext = createContext<FormErrorStore | null>(null);

/** The host's verdict on a submitted form, by field key (empty until it objects). */
export function useFormErrors(requestId: string): Readonly<Record<string, string>> {
  const formErrors = useProvided(FormErrorsContext, "FormErrorsContext");
  const get = useCallback(() => formErrors.get(requestId), [formErrors, requestId]);
  return useSyncExternalStore(formErrors.subscribe, get);
}
