/**
 * The lobby: a message in the channel (the game thread hangs off it) with Join, Leave, Add AI,
 * Start and Cancel. Seats are filled in join order; seat 0 (the host) deals / starts the first hand.
 */
import { ButtonStyle, type ButtonInteraction } from 'discord.js';
import type { BotContext } from './context.js';
import { button, gameChannel, row } from './messages.js';
import { encodeCommandId, encodeGameId, type GameButton } from './custom-id.js';
import { langOf, translator, type Lang, type T } from '../table/i18n.js';
import { engineOf } from '../table/manifests.js';
import { defaultOptions } from '../games/core/options.js';
import { run } from './effects.js';
import type { GameRow, SeatRow } from '../store/games.js';
import { AI_LEVELS, isAiLevel } from '../games/core/ai.js';
import { durations } from '../table/timers.js';

/** The deadlines in force, after the one precedence of src/table/timers.ts (preset vs the game's own options). */
function deadlineLine(row: GameRow, t: T): string {
  const d = durations(row.timerPreset, engineOf(row.game).timeouts(row.options as never));
  const span = (ms: number) => (ms % 3600_000 === 0 ? `${ms / 3600_000} h` : `${Math.round(ms / 1000)} s`);
  if (d.turnMs === null && d.claimMs === null) return t('common:lobby.no-deadline');
  return t('common:lobby.deadlines', { turn: d.turnMs === null ? '—' : span(d.turnMs), claim: d.claimMs === null ? '—' : span(d.claimMs) });
}

export function lobbyPayload(ctx: BotContext, row_: GameRow, seats: SeatRow[], lang: Lang) {
  const t = translator(lang);
  const engine = engineOf(row_.game);
  const id = row_.id;
  const open = row_.status === 'lobby';
  const seatLines = seats.map(
    (s) => `${s.seat + 1}. ${s.userId ? `<@${s.userId}>` : `🤖 ${s.displayName} · ${t(`common:ai-level.${s.aiLevel ?? 'normal'}`)}`}`,
  );
  const statusKey =
    row_.status === 'lobby' ? 'common:lobby.open' : row_.status === 'cancelled' ? 'common:lobby.cancelled' : 'common:lobby.started';
  const content = [
    `**${t(`${row_.game}:name`)}** — ${t(statusKey, { thread: row_.threadId ? `<#${row_.threadId}>` : '' })}`,
    t('common:lobby.seats', { n: seats.length, min: engine.minSeats, max: open ? Math.min(row_.seats, engine.maxSeats) : seats.length }),
    ...seatLines,
    t('common:lobby.timers', { preset: t(`common:timer.${row_.timerPreset.name}`) }) + ` · ${deadlineLine(row_, t)}`,
    rulesLine(row_, t),
    ...(row_.threadId && row_.threadId === row_.channelId ? [`⚠️ ${t('common:lobby.thread-cap')}`] : []),
  ].join('\n');
  const b = (verb: GameButton['verb'], label: string, style: ButtonStyle, arg?: string) =>
    button(encodeGameId({ gameId: id, ver: 0, verb, ...(arg ? { arg } : {}) }), label, style, !open);
  return {
    content,
    components: [
      row(
        b('join', t('common:button.join'), ButtonStyle.Primary),
        b('leave', t('common:button.leave'), ButtonStyle.Secondary),
        b('add-ai', t('common:button.add-ai'), ButtonStyle.Secondary),
        b('start', t('common:button.start'), ButtonStyle.Success),
        b('cancel', t('common:button.cancel'), ButtonStyle.Danger),
      ),
      // "Add AI player" adds the server's default level; these add one at a chosen level.
      row(
        ...AI_LEVELS.map((l) =>
          b('add-ai', t('common:button.add-ai-level', { level: t(`common:ai-level.${l}`) }), ButtonStyle.Secondary, l),
        ),
        // The clicker's own seat view place (commands/prefs.ts answers with an ephemeral chooser).
        // It is the user's preference (every table), not this table's: one setting, also in /prefs.
        button(encodeCommandId('prefs', 'lobby'), t('seatch:lobby-button'), ButtonStyle.Secondary, !open),
      ),
    ],
    allowedMentions: { parse: [] as never[] },
  };
}

/** The house rules in force at this table: the options that differ from the game's defaults. */
function rulesLine(g: GameRow, t: (k: string, v?: Record<string, unknown>) => string): string {
  const defaults = defaultOptions(engineOf(g.game).options) as Record<string, unknown>;
  const changed = Object.entries(g.options)
    .filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(defaults[k]))
    .map(([k, v]) => `\`${k}\`=${JSON.stringify(v)}`);
  return changed.length ? t('common:lobby.rules', { list: changed.join(', ') }).slice(0, 900) : t('common:lobby.rules-default');
}

async function reply(i: ButtonInteraction, text: string): Promise<void> {
  await i.followUp({ content: text, ephemeral: true }).catch(() => undefined);
}

/** Handles a lobby button; the interaction is already deferred with deferUpdate. */
export async function onLobbyButton(ctx: BotContext, i: ButtonInteraction, b: GameButton): Promise<void> {
  const lang = langOf(i.locale, ctx.defaultLang);
  const t = translator(lang);
  const g = ctx.store.games.get(b.gameId);
  if (!g) return reply(i, t('errors:game-not-found'));
  if (g.status !== 'lobby') return reply(i, t(g.status === 'cancelled' ? 'errors:lobby-cancelled' : 'errors:lobby-started'));
  const engine = engineOf(g.game);
  let seats = ctx.store.games.seats(g.id);
  const isHost = i.user.id === g.hostUserId;
  const name = (i.member && 'displayName' in i.member ? i.member.displayName : null) ?? i.user.globalName ?? i.user.username;
  const cap = Math.min(engine.maxSeats, g.seats);
  const renumber = (list: SeatRow[]) => list.map((s, k) => ({ ...s, seat: k }));

  switch (b.verb) {
    case 'join': {
      if (seats.some((s) => s.userId === i.user.id)) return reply(i, t('errors:already-seated'));
      if (seats.length >= cap) return reply(i, t('errors:table-full', { max: cap }));
      seats = [...seats, { seat: seats.length, userId: i.user.id, isAi: false, displayName: name }];
      ctx.store.games.setSeats(g.id, seats);
      if (g.threadId) {
        const th = await gameChannel(ctx, g.threadId);
        if (th?.isThread()) await th.members.add(i.user.id).catch(() => undefined);
      }
      break;
    }
    case 'leave': {
      if (!seats.some((s) => s.userId === i.user.id)) return reply(i, t('errors:not-seated'));
      seats = renumber(seats.filter((s) => s.userId !== i.user.id));
      ctx.store.games.setSeats(g.id, seats);
      if (isHost) {
        const heir = seats.find((s) => !s.isAi && s.userId);
        if (!heir) {
          ctx.store.games.update(g.id, { status: 'cancelled' });
        } else ctx.store.db.prepare('UPDATE games SET host_user_id = ? WHERE id = ?').run(heir.userId, g.id);
      }
      break;
    }
    case 'add-ai': {
      if (!isHost) return reply(i, t('errors:host-only'));
      if (seats.length >= cap) return reply(i, t('errors:table-full', { max: cap }));
      const n = seats.filter((s) => s.isAi).length + 1;
      const aiLevel = isAiLevel(b.arg) ? b.arg : ctx.store.settings.table(g.guildId, g.game).aiLevel;
      seats = [...seats, { seat: seats.length, userId: null, isAi: true, displayName: `${t('common:ai-name')} ${n}`, aiLevel }];
      ctx.store.games.setSeats(g.id, seats);
      break;
    }
    case 'cancel': {
      if (!isHost) return reply(i, t('errors:host-only'));
      ctx.store.games.update(g.id, { status: 'cancelled' });
      break;
    }
    case 'start': {
      // The table layer starts it: status, first deal, AI moves, deadlines and pings in one step.
      const r = await run(ctx, { kind: 'start', gameId: g.id, userId: i.user.id }, { skip: ['lobby'] });
      if (!r.outcome.ok) {
        const ref = r.outcome.refusal!;
        return reply(i, t(ref.key, ref.vars ?? {}));
      }
      break;
    }
    default:
      return;
  }
  const now = ctx.store.games.get(g.id)!;
  await i.editReply(lobbyPayload(ctx, now, ctx.store.games.seats(g.id), langOf(now.locale, ctx.defaultLang)));
}
