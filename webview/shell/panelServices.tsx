/**
 * Every service the panel's components read, and the one place that provides them: the core
 * (replica store, side channels) and each feature's own store, each through its feature's context.
 */
import type { ReactNode } from "react";
import { type CoreServices, PanelContext } from "../host/hooks";
import { ComposerInboxContext } from "../composer/composerHooks";
import type { ComposerInbox } from "../composer/composerInbox";
import type { FormErrorStore } from "../requests/formErrorStore";
import { FormErrorsContext } from "../requests/useFormErrors";
import { CheckpointUiContext } from "../review/checkpointHooks";
import type { CheckpointUi } from "../review/checkpointUi";
import type { PathLinkStore } from "../transcript/markdown/pathLinkStore";
import { PathLinksContext } from "../transcript/markdown/usePathLinks";

export interface PanelServices extends CoreServices {
  readonly composerInbox: ComposerInbox;
  readonly formErrors: FormErrorStore;
  /** The restore card and the message being edited (UI state the virtualised rows outlive). */
  readonly checkpoints: CheckpointUi;
  /** The host's answers on which plain paths in Markdown name workspace files. */
  readonly pathLinks: PathLinkStore;
}

export function PanelServicesProvider({ services, children }: { services: PanelServices; children: ReactNode }) {
  return (
    <PanelContext value={services}>
      <ComposerInboxContext value={services.composerInbox}>
        <FormErrorsContext value={services.formErrors}>
          <CheckpointUiContext value={services.checkpoints}>
            <PathLinksContext value={services.pathLinks}>{children}</PathLinksContext>
          </CheckpointUiContext>
        </FormErrorsContext>
      </ComposerInboxContext>
    </PanelContext>
  );
}
