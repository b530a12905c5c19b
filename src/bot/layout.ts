/**
 * Components V2 layouts for the seat view and the table message (issue #13 §1): the state in words
 * next to the picture and the buttons, in one container. Discord's rules
 * (https://discord.com/developers/docs/components/reference): the message carries the
 * IS_COMPONENTS_V2 flag (1 << 15), which disables `content` and `embeds` (an edit that upgrades a
 * legacy message must clear them: `content: null`) and can never be removed again; at most 40
 * components in all, nested ones included, and 4,000 characters of text display; an uploaded file
 * shows only where a media component references it (`attachment://name`). A section holds one to
 * three text displays and exactly one accessory (here the view's lead button).
 *
 * Shape: container [ section (text + lead button) | text, media gallery (image, alt text), claim
 * section (the offer's words + the offered piece as a thumbnail), action rows ]. With 5 action rows
 * of 5 buttons: container 1 + section, text and button 3 + gallery 1 + claim section, text and
 * thumbnail 3 + rows 5 + buttons 24 = 37 components, under 40 (gallery items are not components).
 */
import { cut } from '../table/cut.js';
import {
  ContainerBuilder,
  MediaGalleryBuilder,
  MediaGalleryItemBuilder,
  MessageFlags,
  SectionBuilder,
  TextDisplayBuilder,
  ThumbnailBuilder,
  type ButtonBuilder,
} from 'discord.js';
import type { UiRow } from '../table/ui.js';
import { toComponents } from './components.js';

/** Text display characters per message (all text displays together). */
export const V2_TEXT_LIMIT = 4000;

export interface V2Message {
  flags: MessageFlags.IsComponentsV2;
  components: (ContainerBuilder | TextDisplayBuilder)[];
}

export interface LayoutInput {
  gameId: string;
  /** The state version the components carry. */
  ver: number;
  lines: readonly string[];
  rows: UiRow[];
  /** The uploaded image the gallery shows, with its alt text. */
  image?: { name: string; description: string };
  /** The button shown next to the text (a section's accessory), taken out of its row. */
  lead?: string;
  /** A line under the image with an uploaded thumbnail beside it (the piece a seat may claim). */
  claim?: { text: string; name: string; description: string };
}

const textOf = (lines: readonly string[]) => {
  const s = lines.join('\n').trim() || '\u200b';
  return s.length > V2_TEXT_LIMIT ? `${s.slice(0, V2_TEXT_LIMIT - 1)}…` : s;
};

/** A view as one V2 container: text (with its lead button), the image, the other controls. */
export function v2Layout(o: LayoutInput): V2Message {
  let rows = o.rows;
  let lead: UiRow[number] | undefined;
  if (o.lead) {
    rows = rows.map((r) =>
      r.filter((c) => {
        if (lead || c.type !== 'button' || c.verb !== o.lead) return true;
        lead = c;
        return false;
      }),
    );
    rows = rows.filter((r) => r.length);
  }
  const text = new TextDisplayBuilder().setContent(textOf(o.lines));
  const box = new ContainerBuilder();
  if (lead) {
    const [button] = toComponents(o.gameId, o.ver, [[lead]])[0]!.components as ButtonBuilder[];
    box.addSectionComponents(new SectionBuilder().addTextDisplayComponents(text).setButtonAccessory(button!));
  } else box.addTextDisplayComponents(text);
  if (o.image) {
    const item = new MediaGalleryItemBuilder().setURL(`attachment://${o.image.name}`);
    if (o.image.description) item.setDescription(cut(o.image.description, 1024));
    box.addMediaGalleryComponents(new MediaGalleryBuilder().addItems(item));
  }
  if (o.claim) {
    const thumb = new ThumbnailBuilder().setURL(`attachment://${o.claim.name}`).setDescription(cut(o.claim.description, 1024));
    box.addSectionComponents(
      new SectionBuilder()
        .addTextDisplayComponents(new TextDisplayBuilder().setContent(textOf([o.claim.text])))
        .setThumbnailAccessory(thumb),
    );
  }
  const controls = toComponents(o.gameId, o.ver, rows);
  if (controls.length) box.addActionRowComponents(...controls);
  return { flags: MessageFlags.IsComponentsV2, components: [box] };
}

/** A V2 message that is only text (a spent view, a refusal in place of a hand). */
export function v2Text(text: string): V2Message {
  return { flags: MessageFlags.IsComponentsV2, components: [new TextDisplayBuilder().setContent(textOf([text]))] };
}

/** The line in front of a V2 message's components (the DMs-closed notice): a text display on top. */
export function v2WithLine(components: readonly unknown[], line: string): unknown[] {
  return [new TextDisplayBuilder().setContent(textOf([line])), ...components];
}
