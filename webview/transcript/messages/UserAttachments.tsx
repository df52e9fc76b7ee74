/** What the user sent with a prompt besides text: file links, embedded files, images. */
import { memo } from "react";
import type { ContentBlock } from "../../../src/shared/thread/sessionUpdate";
import { Codicon } from "../../ui/Codicon";
import { imageDataUrl } from "../tools/ToolContentView";
import { t } from "../../l10n";
import { attachmentIcon, attachmentSource } from "../../../src/shared/wire/attachmentSource";

export const UserAttachments = memo(function UserAttachments({ blocks }: { blocks: readonly ContentBlock[] }) {
  return (
    <ul className="user-attachments" aria-label={t("Attachments")}>
      {blocks.map((block, index) => {
        const image = imageDataUrl(block);
        const name = blockName(block);
        const source = attachmentSource(blockUri(block) ?? "", block.type === "image");
        return (
          <li key={index} className="chip" title={blockUri(block) ?? name} data-source={source}>
            {image ? <img className="chip-thumb" src={image} alt="" /> : <Codicon name={attachmentIcon[source]} />}
            <span className="chip-name">{name}</span>
          </li>
        );
      })}
    </ul>
  );
});

function blockUri(block: ContentBlock): string | undefined {
  if (typeof block.uri === "string") return block.uri;
  const resource = block.resource as { uri?: unknown } | undefined;
  return typeof resource?.uri === "string" ? resource.uri : undefined;
}

function blockName(block: ContentBlock): string {
  if (typeof block.name === "string") return block.name;
  const uri = blockUri(block);
  if (uri) return safeDecode(uri.split("/").pop() || uri);
  return block.type === "image" ? t("Image") : block.type;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
