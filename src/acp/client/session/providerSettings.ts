/**
 * The agent's LLM providers (unstable `providers/list`, `providers/set`, `providers/disable`),
 * offered only when the agent advertises `agentCapabilities.providers`. The list is complete
 * state: it is read after the session opens and again after every change, and each reading
 * becomes one `providers/state` action. Responses are validated; a bad one offers nothing.
 */
import * as z from "zod";
import type { AgentClient } from "../connection/agentClient";
import { capabilitiesOf } from "../connection/agentCapabilities";
import type { ThreadSink } from "./sessionContext";
import type { ProviderView } from "../../../shared/thread/thread";
import { english, type Translate } from "../../../shared/l10n";

const listSchema = z.looseObject({
  providers: z.array(
    z.looseObject({
      providerId: z.string(),
      supported: z
        .array(z.unknown())
        .catch([])
        .transform((items) => items.filter((item): item is string => typeof item === "string")),
      required: z.boolean().catch(false),
      current: z.looseObject({ apiType: z.string(), baseUrl: z.string() }).nullish().catch(undefined),
    }),
  ),
});

export class ProviderSettings {
  /** `t`: the user's language for the refusal the transcript shows. */
  constructor(
    private readonly client: AgentClient,
    private readonly sink: ThreadSink,
    private readonly t: Translate = english,
  ) {}

  get offered(): boolean {
    return capabilitiesOf(this.client.init).providers;
  }

  /** Reads the list and shows it; nothing when the agent does not offer providers. */
  async refresh(): Promise<void> {
    if (!this.offered) return;
    const parsed = listSchema.safeParse(await this.client.connection.extRequest("providers/list", {}));
    if (!parsed.success)
      throw new Error(`providers/list answered an unexpected shape: ${parsed.error.issues[0]?.message ?? "invalid"}`);
    const providers = parsed.data.providers.map(({ providerId, supported, required, current }) => ({
      providerId,
      supported: [...supported],
      required,
      ...(current ? { current: { apiType: current.apiType, baseUrl: current.baseUrl } } : {}),
    }));
    this.sink({ type: "providers/state", providers });
  }

  async set(providerId: string, apiType: string, baseUrl: string): Promise<void> {
    if (!this.offered) return;
    await this.client.connection.extRequest("providers/set", { providerId, apiType, baseUrl });
    await this.refresh();
  }

  /** Refused locally for a provider the agent marks `required` (the spec forbids the call). */
  async disable(providerId: string, providers: readonly ProviderView[]): Promise<void> {
    if (!this.offered) return;
    if (providers.find((provider) => provider.providerId === providerId)?.required)
      throw new Error(this.t("{0} is required and cannot be disabled.", providerId));
    await this.client.connection.extRequest("providers/disable", { providerId });
    await this.refresh();
  }
}
