/**
 * /away [for] (issue #14 §4): away mode for the user's seats at all their tables, until the time
 * given (e.g. 12h, 3d, 1d12h; default 1 day, at most 30 days) or `/away for:off` / the "I'm back"
 * button. Stored per user in SQLite (user_prefs.away_until, migration 9); the table layer asks
 * `store.prefs.isAway(userId, now)` / `awayUsers(now)` to let the AI or the timeout default play
 * an away user's seats (logged with source `away`).
 */
import { ButtonStyle, MessageFlags, type ChatInputCommandInteraction } from 'discord.js';
import { SlashCommandBuilder } from '@discordjs/builders';
import type { BotContext } from '../src/bot/context.js';
import { offered } from '../src/bot/command-options.js';
import { named } from '../src/bot/localize.js';
import { langOf, translator, type Lang } from '../src/table/i18n.js';
import { encodeCommandId } from '../src/bot/custom-id.js';
import { button, row, type Row } from '../src/bot/messages.js';
import { dmsClosedLine } from '../src/notify/tell.js';
import { playWaitingSeats } from '../src/bot/user-sync.js';
import type { CommandComponentInteraction } from '../src/bot/command-types.js';

export const data = offered(named(new SlashCommandBuilder(), 'away', 'away'), 'servers-and-dms').addStringOption((o) =>
  named(o, 'for', 'away.for').setMaxLength(20),
);

const HOUR = 3_600_000;
export const DEFAULT_AWAY_MS = 24 * HOUR;
export const MAX_AWAY_MS = 30 * 24 * HOUR;

/** "12h", "3d", "1d12h", "90m", "2w" → ms; 'off' for off/back/0; null when not a duration. */
export function parseAway(s: string): number | 'off' | null {
  const x = s.trim().toLowerCase().replace(/\s+/g, '');
  if (['off', 'back', 'no', '0', 'tắt', 'về', '關', '關閉'].includes(x)) return 'off';
  if (!/^(\d{1,4}[wdhm])+$/.test(x)) return null;
  const unit = { w: 7 * 24 * HOUR, d: 24 * HOUR, h: HOUR, m: 60_000 } as const;
  let ms = 0;
  for (const m of x.matchAll(/(\d{1,4})([wdhm])/g)) ms += Number(m[1]) * unit[m[2] as keyof typeof unit];
  return ms > 0 ? ms : null;
}

function payload(ctx: BotContext, userId: string, lang: Lang, note?: string): { content: string; components: Row[] } {
  const t = translator(lang);
  const now = ctx.clock.now();
  const p = ctx.store.prefs.get(userId);
  const away = p.awayUntil !== null && p.awayUntil > now;
  const tables = ctx.store.listing.userTableCount(userId);
  const s = (ms: number) => Math.floor(ms / 1000);
  const lines = [
    ...(note ? [note] : []),
    away
      ? // No table now: said so, not "at your 0 tables" (away mode applies to the tables joined meanwhile).
        t(tables ? 'async:away.on' : 'async:away.on-none', {
          until: `<t:${s(p.awayUntil!)}:F>`,
          rel: `<t:${s(p.awayUntil!)}:R>`,
          count: tables,
        })
      : t('async:away.off'),
  ];
  return {
    content: lines.join('\n'),
    components: away ? [row(button(encodeCommandId('away', 'off'), t('async:away.back'), ButtonStyle.Primary))] : [],
  };
}

export async function execute(i: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  const lang = langOf(i.locale, ctx.defaultLang);
  const t = translator(lang);
  const raw = i.options.getString('for');
  const d = raw === null ? DEFAULT_AWAY_MS : parseAway(raw);
  const dms = dmsClosedLine(ctx.store, i.user.id, lang);
  if (d === null) {
    const bad = [dms, `⚠️ ${t('async:away.bad', { value: raw!.slice(0, 20) })}`].filter(Boolean).join('\n');
    return void (await i.reply({ content: bad, flags: MessageFlags.Ephemeral }));
  }
  const now = ctx.clock.now();
  ctx.store.prefs.setAway(i.user.id, d === 'off' ? null : now + Math.min(d, MAX_AWAY_MS));
  const note = [dms, d !== 'off' && d > MAX_AWAY_MS ? t('async:away.capped') : null].filter(Boolean).join('\n');
  await i.reply({ ...payload(ctx, i.user.id, lang, note || undefined), flags: MessageFlags.Ephemeral });
  if (d !== 'off') await playWaitingSeats(ctx, i.user.id);
}

export async function component(i: CommandComponentInteraction, rest: string, ctx: BotContext): Promise<void> {
  const lang = langOf(i.locale, ctx.defaultLang);
  if (rest !== 'off' || !i.isButton())
    return void (await i.reply({ content: translator(lang)('errors:unknown-button'), flags: MessageFlags.Ephemeral }));
  ctx.store.prefs.setAway(i.user.id, null);
  await i.update(payload(ctx, i.user.id, lang));
}
