/**
 * `elicitation/create`: a form shown in the panel (validated on both sides before anything is
 * sent), or a URL the user may open after confirming. A cancelled turn, or the agent withdrawing
 * the request (`$/cancel_request`), dismisses the form; `elicitation/complete` closes a URL one.
 */
import type * as acp from "@agentclientprotocol/sdk";
import { RequestError } from "../connection/connection";
import { ConsentGate, ConsentRefused } from "./consentGate";
import type { ElicitationCallbacks } from "../connection/clientCallbacks";
import { parseFormSchema, validateForm, type FormField } from "../../../shared/forms/formSchema";
import type { ThreadAction } from "../../../shared/thread/threadActions";
import type { UrlConsent } from "../../ports";

interface PendingForm {
  readonly sessionId: string;
  readonly fields: readonly FormField[];
  readonly resolve: (response: acp.CreateElicitationResponse) => void;
}

export type SubmitResult =
  { readonly ok: true } | { readonly ok: false; readonly errors: Readonly<Record<string, string>> };

export class ElicitationBroker implements ElicitationCallbacks {
  private readonly pending = new Map<string, PendingForm>();
  private counter = 0;

  constructor(
    private readonly agent: string,
    private readonly dispatch: (sessionId: string, action: ThreadAction) => void,
    private readonly urls?: UrlConsent,
    /** The connection's gate, shared with file access: one question at a time. */
    private readonly gate = new ConsentGate(agent),
  ) {}

  async create(params: acp.CreateElicitationRequest, signal: AbortSignal): Promise<acp.CreateElicitationResponse> {
    const sessionId = "sessionId" in params && typeof params.sessionId === "string" ? params.sessionId : undefined;
    if (params.mode === "url" && "url" in params && typeof params.url === "string") {
      if (!this.urls) throw RequestError.invalidParams({ mode: "url" }, "this client does not support URL elicitation");
      return (await this.openUrl(this.urls, sessionId ?? "", params.message, params.url))
        ? { action: "accept" }
        : { action: "decline" };
    }
    if (params.mode !== "form" || !("requestedSchema" in params)) {
      throw RequestError.invalidParams({ mode: params.mode }, `elicitation mode "${params.mode}" is not supported`);
    }
    if (sessionId === undefined)
      throw RequestError.invalidParams({ scope: "request" }, "forms need a sessionId to be shown in");
    const form = parseFormSchema(params.requestedSchema);
    if (!form.ok) throw RequestError.invalidParams({ requestedSchema: "rejected" }, form.error);
    const requestId = `form-${++this.counter}`;
    const toolCallId = "toolCallId" in params && typeof params.toolCallId === "string" ? params.toolCallId : undefined;
    return new Promise((resolve) => {
      this.pending.set(requestId, { sessionId, fields: form.fields, resolve });
      this.dispatch(sessionId, {
        type: "form/requested",
        requestId,
        message: params.message,
        schema: params.requestedSchema,
        ...(toolCallId ? { toolCallId } : {}),
      });
      signal.addEventListener("abort", () => this.settle(requestId, { action: "cancel" }), { once: true });
    });
  }

  private async openUrl(urls: UrlConsent, sessionId: string, message: string, url: string): Promise<boolean> {
    try {
      const opened = await this.gate.ask({
        sessionId,
        key: `open ${url}`,
        ask: () => urls.confirmAndOpen(this.agent, message, url),
        denial: false,
      });
      return opened === true;
    } catch (error) {
      if (error instanceof ConsentRefused) return false; // declined without asking
      throw error;
    }
  }

  complete(_params: acp.CompleteElicitationNotification): void {
    // URL elicitations are confirmed and opened in create(); nothing stays open to close.
  }

  /** The user pressed Submit: validated here again, whatever the webview checked. */
  submit(requestId: string, values: Readonly<Record<string, unknown>>): SubmitResult {
    const pending = this.pending.get(requestId);
    if (!pending) return { ok: false, errors: { "": "This form is no longer open." } };
    const result = validateForm(pending.fields, values);
    if (!result.ok) return result;
    this.settle(requestId, { action: "accept", content: result.content });
    return { ok: true };
  }

  decline(requestId: string): void {
    this.settle(requestId, { action: "decline" });
  }

  cancel(requestId: string): void {
    this.settle(requestId, { action: "cancel" });
  }

  cancelSession(sessionId: string): void {
    for (const [requestId, pending] of this.pending)
      if (pending.sessionId === sessionId) this.settle(requestId, { action: "cancel" });
  }

  cancelAll(): void {
    for (const requestId of [...this.pending.keys()]) this.settle(requestId, { action: "cancel" });
  }

  private settle(requestId: string, response: acp.CreateElicitationResponse): void {
    const pending = this.pending.get(requestId);
    if (!pending) return;
    this.pending.delete(requestId);
    pending.resolve(response);
    const outcome = response.action === "accept" || response.action === "decline" ? response.action : "cancel";
    this.dispatch(pending.sessionId, { type: "form/resolved", requestId, outcome });
  }
}
