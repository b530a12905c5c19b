/** The table layer's components (src/table/ui.ts, data) as discord.js builders with our custom_ids. */
import { ButtonStyle, StringSelectMenuBuilder } from 'discord.js';
import type { UiRow } from '../table/ui.js';
import { encodeGameId } from './custom-id.js';
import { button, row, type Row } from './messages.js';

const STYLE = {
  primary: ButtonStyle.Primary,
  secondary: ButtonStyle.Secondary,
  success: ButtonStyle.Success,
  danger: ButtonStyle.Danger,
} as const;

/** Every component carries the game id and the state version it was drawn at. */
export function toComponents(gameId: string, ver: number, rows: UiRow[]): Row[] {
  return rows.map((r) =>
    row(
      ...r.map((c) => {
        const id = encodeGameId({ gameId, ver, verb: c.verb, ...(c.arg !== undefined ? { arg: c.arg } : {}) });
        if (c.type === 'button') return button(id, c.label, STYLE[c.style], c.disabled ?? false);
        const menu = new StringSelectMenuBuilder().setCustomId(id).setPlaceholder(c.placeholder).addOptions(c.options);
        if (c.minValues !== undefined) menu.setMinValues(c.minValues);
        if (c.maxValues !== undefined) menu.setMaxValues(c.maxValues);
        return menu;
      }),
    ),
  );
}
