/** The draft's attachments as chips above the prompt, each removable. */
import type { Attachment } from "../../src/shared/wire/protocol";
import { Codicon } from "../ui/Codicon";
import { t } from "../l10n";
import { attachmentIcon, attachmentSource } from "../../src/shared/wire/attachmentSource";

export function AttachmentChips({
  attachments,
  onRemove,
}: {
  attachments: readonly Attachment[];
  onRemove: (uri: string) => void;
}) {
  if (attachments.length === 0) return null;
  return (
    <ul className="attachment-chips" aria-label={t("Attachments")}>
      {attachments.map((attachment) => {
        const source = attachmentSource(attachment.uri, attachment.imageData !== undefined);
        return (
          <li key={attachment.uri} className="chip" title={attachment.uri} data-source={source}>
            {attachment.imageData && attachment.mimeType?.startsWith("image/") ? (
              <img className="chip-thumb" src={`data:${attachment.mimeType};base64,${attachment.imageData}`} alt="" />
            ) : (
              <Codicon name={attachmentIcon[source]} />
            )}
            <span className="chip-name">{attachment.name}</span>
            <button
              type="button"
              className="chip-remove"
              aria-label={t("Remove {0}", attachment.name)}
              title={t("Remove")}
              onClick={() => onRemove(attachment.uri)}
            >
              <Codicon name="close" />
            </button>
          </li>
        );
      })}
    </ul>
  );
}
