/**
 * What a failed start offers (the buttons under the error). A command that was not found is not
 * fixed by a restart: a preset the panel can install offers **Install**, one the user installs
 * offers its command to copy and the vendor's page, and the user's own agent offers its setting.
 * Any other failure offers Restart. Both the error in the transcript and its tests use this.
 */
import type { InstallOffer } from "./protocol";

export type StartRemedy =
  | { readonly kind: "install"; readonly agent: string; readonly offer: Extract<InstallOffer, { kind: "npm" }> }
  | { readonly kind: "copy"; readonly agent: string; readonly offer: Extract<InstallOffer, { kind: "manual" }> }
  | { readonly kind: "settings" }
  | { readonly kind: "restart" };

export function startRemedy(
  failure: { readonly agent: string; readonly missingCommand?: boolean | undefined },
  catalog: readonly { readonly name: string; readonly install?: InstallOffer | undefined }[],
): StartRemedy {
  if (!failure.missingCommand) return { kind: "restart" };
  const offer = catalog.find((agent) => agent.name === failure.agent)?.install;
  if (offer?.kind === "npm") return { kind: "install", agent: failure.agent, offer };
  if (offer?.kind === "manual") return { kind: "copy", agent: failure.agent, offer };
  return { kind: "settings" };
}
