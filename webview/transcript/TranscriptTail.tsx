/**
 * What follows the last entry: permission requests and forms whose tool call has no card, and
 * the token usage of the turn that just ended.
 */
import { useMemo } from "react";
import { usePanel } from "../host/hooks";
import { FormCard } from "../requests/FormCard";
import { PermissionCard } from "../requests/PermissionCard";
import { TurnUsageLine } from "./TurnUsageLine";

export function TranscriptTail() {
  const permissions = usePanel((state) => state.thread.permissions);
  const forms = usePanel((state) => state.thread.forms);
  const index = usePanel((state) => state.thread.index);
  const orphanPermissions = useMemo(
    () => permissions.filter((p) => index[`tool:${p.toolCallId}`] === undefined),
    [permissions, index],
  );
  const looseForms = useMemo(
    () => forms.filter((f) => f.toolCallId === undefined || index[`tool:${f.toolCallId}`] === undefined),
    [forms, index],
  );
  return (
    <>
      {orphanPermissions.map((request) => (
        <div className="entry tail-card" key={request.requestId}>
          <PermissionCard request={request} />
        </div>
      ))}
      {looseForms.map((form) => (
        <div className="entry tail-card" key={form.requestId}>
          <FormCard form={form} />
        </div>
      ))}
      <TurnUsageLine />
    </>
  );
}
