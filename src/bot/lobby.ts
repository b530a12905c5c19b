/**
 * The lobby: a message in the channel (the game thread hangs off it) with Join, Leave, Add AI,
 * Start and Cancel. Seats are filled in join order; seat 0 (the host) deals / starts the first hand.
 */
import { cut } from '../table/cut.js';
import {
  ActionRowBuilder,
  ButtonStyle,
  MessageFlags,
  ModalBuilder,
  StringSelectMenuBuilder,
  TextInputBuilder,
  TextInputStyle,
  type ButtonInteraction,
  type MessageActionRowComponentBuilder,
  type ModalSubmitInteraction,
  type StringSelectMenuInteraction,
} from 'discord.js';
import type { BotContext } from './context.js';
import { button, gameChannel, row } from './messages.js';
import { encodeCommandId, encodeGameId, type GameButton } from './custom-id.js';
import { langOf, listWithin, translator, type Lang } from '../table/i18n.js';
import { engineOf } from '../table/manifests.js';
import { bundleKeys, defaultOptions, optionsHash } from '../games/core/options.js';
import { redrawLobby, run } from './effects.js';
import { closeThread } from './close-thread.js';
import { mergeEffects, type Effect } from '../table/effects.js';
import type { GameRow, SeatRow } from '../store/games.js';
import { AI_LEVELS, isAiLevel } from '../games/core/ai.js';
import { durations, nextOffReminder, OFF_FIRST_REMINDER_MS } from '../table/timers.js';
import { CLAIMS } from '../table/prefs.js';
import {
  optionErrorsRefusal,
  optionsForTable,
  optionValueText,
  parseRuleOverrides,
  rulesRefusal,
  serverSettings,
} from './options-in-force.js';
import type { TimerPreset } from '../store/index.js';
import { missingToPlay } from './permissions.js';
import { memberName } from './member-name.js';

/** The deadlines in force, after the one precedence of src/table/timers.ts (preset vs the game's own options). */
function tableDurations(row: GameRow, preset: TimerPreset = row.timerPreset) {
  return durations(preset, engineOf(row.game).timeouts(row.options as never));
}

function deadlineLine(row: GameRow, lang: Lang, preset: TimerPreset = row.timerPreset, short = false): string {
  const t = translator(lang);
  const d = tableDurations(row, preset);
  // The unit in the reader's language (Intl: "25 giây", "12 小時").
  const unit = (n: number, u: 'day' | 'hour' | 'minute' | 'second') =>
    new Intl.NumberFormat(lang, { style: 'unit', unit: u, unitDisplay: 'short' }).format(n);
  // Under 2 minutes in seconds ("90 sec"); whole hours under 2 days in hours ("24 hr"); else days,
  // hours, minutes and seconds, the zeros left out ("7 days", "1 hr 23 min 20 sec": a custom timer
  // of 5,000 s read "5,000 sec", one of a week "168 hr").
  const span = (ms: number) => {
    const sec = Math.round(ms / 1000);
    if (sec < 120) return unit(sec, 'second');
    if (sec % 3600 === 0 && sec < 48 * 3600) return unit(sec / 3600, 'hour');
    const days = sec >= 48 * 3600 ? Math.floor(sec / 86_400) : 0;
    const rest = sec - days * 86_400;
    const parts: [number, 'day' | 'hour' | 'minute' | 'second'][] = [
      [days, 'day'],
      [Math.floor(rest / 3600), 'hour'],
      [Math.floor((rest % 3600) / 60), 'minute'],
      [rest % 60, 'second'],
    ];
    return parts
      .filter(([n]) => n > 0)
      .map(([n, u]) => unit(n, u))
      .join(' ');
  };
  if (d.turnMs === null && d.claimMs === null)
    return short
      ? t('common:lobby.no-deadline-short')
      : t('common:lobby.no-deadline', { first: span(OFF_FIRST_REMINDER_MS), second: span(nextOffReminder(OFF_FIRST_REMINDER_MS, 1)) });
  const turn = d.turnMs === null ? '—' : span(d.turnMs);
  // Phỏm has no claim windows (an eat is part of the turn): its tables have a turn deadline only.
  if (!CLAIMS[row.game]) return t('common:lobby.deadline-turn', { turn });
  return t('common:lobby.deadlines', { turn, claim: d.claimMs === null ? '—' : span(d.claimMs) });
}

export const DAY_MS = 24 * 3600_000;

/** Whether the table has no automatic deadline at all (Chắn decision-timeout-s 0): nothing ever times out. */
function noDeadline(row: GameRow): boolean {
  const d = tableDurations(row);
  return d.turnMs === null && d.claimMs === null;
}

/**
 * The lobby message. `closedIdle`: the lobby just closed because nobody started it within that many
 * days (src/bot/lobby-expiry.ts), said in place of "cancelled".
 */
export function lobbyPayload(ctx: BotContext, row_: GameRow, seats: SeatRow[], lang: Lang, closedIdle?: number) {
  const t = translator(lang);
  const engine = engineOf(row_.game);
  const id = row_.id;
  const open = row_.status === 'lobby';
  // The host (who starts, adds AI players and changes the settings) is marked.
  const seatLines = seats.map(
    (s) =>
      `${s.seat + 1}. ${
        s.userId
          ? `<@${s.userId}>${s.userId === row_.hostUserId ? ` · ${t('common:lobby.host')}` : ''}`
          : `🤖 ${s.displayName} · ${t(`common:ai-level.${s.aiLevel ?? 'normal'}`)}`
      }`,
  );
  const statusKey =
    row_.status === 'lobby'
      ? 'common:lobby.open'
      : row_.status !== 'cancelled'
        ? 'common:lobby.started'
        : closedIdle
          ? 'common:lobby.expired'
          : 'common:lobby.cancelled';
  const idleDays = open ? ctx.store.settings.table(row_.guildId, row_.game).lobbyDays : 0;
  const size = engine.tableSize(row_.options as never);
  const cap = Math.min(row_.seats, engine.maxSeats);
  const canStart = open && seats.length >= Math.max(engine.minSeats, size.min);
  const overridable = overridableKeys(ctx, row_);
  const awayOnly = noDeadline(row_);
  const content = cut(
    [
      `**${t(`${row_.game}:name`)}** — ${t(statusKey, { thread: row_.threadId ? `<#${row_.threadId}>` : '', count: closedIdle ?? 0 })}`,
      (() => {
        const max = open ? cap : seats.length;
        // "Players: 2 seated (2–4 play)"; a table of one size says it once (Chắn: "4 play").
        return t(engine.minSeats === max ? 'common:lobby.seats-fixed' : 'common:lobby.seats', {
          n: seats.length,
          min: engine.minSeats,
          max,
        });
      })(),
      ...seatLines,
      ...(open && cap > seats.length ? [t('common:lobby.open-seats', { count: cap - seats.length })] : []),
      // Why Start is greyed out.
      ...(open && !canStart
        ? [
            t('common:lobby.start-needs', {
              count: Math.max(engine.minSeats, size.min),
              join: t('common:button.join'),
              ai: t('common:button.add-ai'),
            }),
          ]
        : []),
      ...(open && cap <= seats.length && seats.some((s) => s.isAi) ? [t('common:lobby.full-join-replaces-ai')] : []),
      t('common:lobby.timers', { preset: t(`common:timer.${row_.timerPreset.name}`) }) + ` · ${deadlineLine(row_, lang)}`,
      // The AI taking a seat plays at the takeover level /play fixed on the game (/config takeover-level).
      // The same policy plays for players who are /away; at a table without deadlines that is all it does.
      row_.timeoutPolicy === 'ai'
        ? t(awayOnly ? 'common:lobby.on-away-ai' : 'common:lobby.on-timeout-ai', {
            policy: t('commands:on-timeout.ai'),
            level: t(`common:ai-level.${row_.takeoverLevel}`),
          })
        : t(awayOnly ? 'common:lobby.on-away' : 'common:lobby.on-timeout', {
            policy: t(`commands:on-timeout.${row_.timeoutPolicy}`),
          }),
      t(row_.hints ? 'common:lobby.hints-on' : 'common:lobby.hints-off'),
      rulesLine(row_, t),
      ...(open
        ? [
            overridable.length
              ? t('common:lobby.rules-overridable', {
                  list: listWithin(
                    overridable.map((k) => `\`${k}\``),
                    400,
                    t,
                  ),
                })
              : t('common:lobby.rules-fixed'),
            t('common:lobby.settings-hint'),
          ]
        : []),
      // An idle lobby closes (/config lobby-days): when, counted from its last change.
      ...(idleDays > 0 ? [t('common:lobby.closes', { when: `<t:${Math.floor((row_.publicAt + idleDays * DAY_MS) / 1000)}:R>` })] : []),
      ...(row_.threadId && row_.threadId === row_.channelId ? [`⚠️ ${t('common:lobby.thread-cap')}`] : []),
    ].join('\n'),
    // Measured at most ~1,900 (six 32-character names, every rule changed and open to the host, the
    // thread-cap line); a message's 2,000 is Discord's hard limit.
    2000,
  );
  const b = (verb: GameButton['verb'], label: string, style: ButtonStyle, arg?: string) =>
    button(encodeGameId({ gameId: id, ver: 0, verb, ...(arg ? { arg } : {}) }), label, style, !open);
  return {
    content,
    components: [
      row(
        b('join', t('common:button.join'), ButtonStyle.Primary),
        b('leave', t('common:button.leave'), ButtonStyle.Secondary),
        b('add-ai', t('common:button.add-ai'), ButtonStyle.Secondary),
        // Enabled only once the table can start (enough seats taken).
        button(encodeGameId({ gameId: id, ver: 0, verb: 'start' }), t('common:button.start'), ButtonStyle.Success, !canStart),
        b('cancel', t('common:button.cancel'), ButtonStyle.Danger),
      ),
      // "Add AI player" adds the server's default level; these add one at a chosen level.
      row(
        ...AI_LEVELS.map((l) =>
          b('add-ai', t('common:button.add-ai-level', { level: t(`common:ai-level.${l}`) }), ButtonStyle.Secondary, l),
        ),
        // The house rules the server lets /play override, edited in a modal (host only).
        button(
          encodeGameId({ gameId: id, ver: 0, verb: 'lobby-rules' }),
          t('common:button.house-rules'),
          ButtonStyle.Secondary,
          !open || !overridable.length,
        ),
        // The clicker's own seat view place (commands/prefs.ts answers with an ephemeral chooser).
        // It is the user's preference (every table), not this table's: one setting, also in /prefs.
        button(encodeCommandId('prefs', 'lobby'), t('seatch:lobby-button'), ButtonStyle.Secondary, !open),
      ),
      // The settings panel (issue #13 §3): anyone sees the current values, only the host changes them.
      ...settingRows(row_, size, seats.filter((s) => !s.isAi).length, open, lang),
    ],
    allowedMentions: { parse: [] as never[] },
  };
}

/** The house rules the server lets /play (and so the lobby) override (/config allow-play). */
function overridableKeys(ctx: BotContext, g: GameRow): string[] {
  return serverSettings(ctx.store, g.guildId, g.game).playOverridable;
}

/** Timer presets the panel offers (a custom one set with /play stays listed while it is in force). */
function timerChoices(current: TimerPreset): TimerPreset[] {
  const base: TimerPreset[] = [{ name: 'live' }, { name: 'async' }];
  return current.name === 'custom' ? [...base, current] : base;
}

function select(
  id: string,
  placeholder: string,
  options: { label: string; value: string; default: boolean; description?: string }[],
  disabled: boolean,
) {
  return new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
    new StringSelectMenuBuilder()
      .setCustomId(id)
      .setPlaceholder(cut(placeholder, 150))
      .setDisabled(disabled)
      .addOptions(
        options.map((o) => ({
          label: cut(o.label, 100),
          value: o.value,
          default: o.default,
          ...(o.description ? { description: cut(o.description, 100) } : {}),
        })),
      ),
  );
}

/**
 * Three selects: the timer preset, the table size and what happens on a timeout. The sizes go down
 * to the people seated (`people`): a smaller table than the seats taken drops the newest AIs.
 */
function settingRows(g: GameRow, size: { min: number; max: number }, people: number, open: boolean, lang: Lang) {
  const t = translator(lang);
  const id = (arg: string) => encodeGameId({ gameId: g.id, ver: 0, verb: 'lobby-set', arg });
  const engine = engineOf(g.game);
  const lo = Math.max(engine.minSeats, size.min, people);
  const hi = Math.min(engine.maxSeats, size.max);
  const sizes = Array.from({ length: Math.max(0, hi - lo + 1) }, (_, k) => lo + k);
  if (!sizes.includes(g.seats)) sizes.push(g.seats);
  // Each preset with the deadlines it gives this game (the game's own seconds count: timers.ts).
  const timers = timerChoices(g.timerPreset).map((p) => ({
    label: t(`common:timer.${p.name}`),
    // Short: a select option's description holds 100 characters.
    description: deadlineLine(g, lang, p, true),
    value: p.name,
    default: p.name === g.timerPreset.name,
  }));
  return [
    // Greyed out when every preset gives the same deadlines (Chắn's decision-timeout-s 0: none at all).
    select(id('timer'), t('common:lobby.pick-timer'), timers, !open || new Set(timers.map((c) => c.description)).size < 2),
    select(
      id('seats'),
      t('common:lobby.pick-seats'),
      sizes
        .sort((a, b) => a - b)
        .map((n) => ({ label: t('common:lobby.seat-count', { count: n }), value: String(n), default: n === g.seats })),
      !open || sizes.length < 2,
    ),
    // At a table without deadlines nothing times out: the policy plays only for players who are /away.
    select(
      id('timeout'),
      t(noDeadline(g) ? 'common:lobby.pick-away' : 'common:lobby.pick-timeout'),
      (['default', 'ai'] as const).map((p) => ({ label: t(`commands:on-timeout.${p}`), value: p, default: p === g.timeoutPolicy })),
      !open,
    ),
  ];
}

/**
 * The house-rule overrides of a lobby as the modal shows them ("key=value, key=value"): the rules the
 * host may change where the table differs from the server's rules as they are now, which a submit
 * takes those rules from (`rulesAfterForm`). Compared with the game's defaults instead, a rule the
 * host set back to its default while the server plays another value was left out, and the next
 * submit (to change any other rule) silently gave the table the server's value again.
 */
function overridesText(ctx: BotContext, g: GameRow, overridable: string[]): string {
  const server = optionsForTable(ctx.store, g.guildId, g.game, {});
  const base = server.ok ? server.options : (defaultOptions(engineOf(g.game).options) as Record<string, unknown>);
  return overridable
    .filter((k) => k in g.options && JSON.stringify(g.options[k]) !== JSON.stringify(base[k]))
    .map((k) => `${k}=${String(g.options[k])}`)
    .join(', ');
}

/**
 * The lobby's rules after a House rules… submit. `fresh` is the submit resolved as /play's `rules`
 * would be (the server's rules now, then what the form holds). The rules the server lets a table
 * change come from it (one left out of the form is the server's), and so do the rules a bundle
 * option the form changes brings along (classic `preset`, vn `scoring-preset`, as at /play). Every
 * other rule keeps the lobby's value, the one it has shown since /play: taken from `fresh`, an
 * admin's change since /play of a rule tables cannot change (bet-unit 1 → 50) came in with a submit
 * that only changed ga-pot, through a form that never showed it and could not undo it.
 */
function rulesAfterForm(g: GameRow, fresh: Record<string, unknown>, overridable: readonly string[]): Record<string, unknown> {
  const schema = engineOf(g.game).options;
  const same = (k: string) => JSON.stringify(fresh[k]) === JSON.stringify(g.options[k]);
  const fromForm = new Set(overridable);
  for (const b of schema.bundles ?? []) if (overridable.includes(b) && !same(b)) for (const k of bundleKeys(schema, b)) fromForm.add(k);
  // Keys of `fresh` only: an option a later release dropped goes; one it added comes from `fresh`.
  return Object.fromEntries(Object.keys(fresh).map((k) => [k, fromForm.has(k) || !Object.hasOwn(g.options, k) ? fresh[k] : g.options[k]]));
}

/** The lobby's house rules in a modal (host only; not deferred: a modal must be the first answer). */
export async function onLobbyRulesButton(ctx: BotContext, i: ButtonInteraction, b: GameButton): Promise<void> {
  const t = translator(langOf(i.locale, ctx.defaultLang));
  const g = ctx.store.games.get(b.gameId);
  const eph = (content: string) => i.reply({ content, flags: MessageFlags.Ephemeral }).then(() => undefined);
  if (!g) return eph(t('errors:game-not-found'));
  if (g.status !== 'lobby') return eph(t(g.status === 'cancelled' ? 'errors:lobby-cancelled' : 'errors:lobby-started'));
  if (i.user.id !== g.hostUserId) return eph(t('errors:host-only'));
  const overridable = overridableKeys(ctx, g);
  if (!overridable.length) return eph(t('common:lobby.rules-fixed'));
  const input = new TextInputBuilder()
    .setCustomId('rules')
    .setLabel(cut(t('common:lobby.rules-modal-label'), 45))
    .setPlaceholder(
      overridable
        .map((k) => `${k}=…`)
        .join(', ')
        .slice(0, 100),
    )
    .setStyle(TextInputStyle.Paragraph)
    .setRequired(false)
    // Discord's most for a text input: every rule the host may change, changed, fits (48 × ~30).
    .setMaxLength(4000)
    .setValue(cut(overridesText(ctx, g, overridable), 4000));
  await i.showModal(
    new ModalBuilder()
      .setCustomId(encodeGameId({ gameId: g.id, ver: 0, verb: 'lobby-rules', arg: 'submit' }))
      .setTitle(cut(t('common:lobby.rules-modal-title'), 45))
      .addComponents(new ActionRowBuilder<TextInputBuilder>().addComponents(input)),
  );
}

/** A lobby setting changed from the panel (already deferred with deferUpdate) or the rules modal. */
export async function onLobbySetting(
  ctx: BotContext,
  i: StringSelectMenuInteraction | ModalSubmitInteraction,
  b: GameButton,
): Promise<void> {
  const t = translator(langOf(i.locale, ctx.defaultLang));
  const g = ctx.store.games.get(b.gameId);
  const redraw = async () => {
    const now = ctx.store.games.get(b.gameId);
    if (now)
      await i.editReply(lobbyPayload(ctx, now, ctx.store.games.seats(now.id), langOf(now.locale, ctx.defaultLang))).catch(() => undefined);
  };
  const refuse = async (text: string) => {
    await i.followUp({ content: text, flags: MessageFlags.Ephemeral }).catch(() => undefined);
    // The select shows the clicker's pick until the message is drawn again.
    await redraw();
  };
  if (!g) return refuse(t('errors:game-not-found'));
  if (g.status !== 'lobby') return refuse(t(g.status === 'cancelled' ? 'errors:lobby-cancelled' : 'errors:lobby-started'));
  if (i.user.id !== g.hostUserId) return refuse(t('errors:host-only'));
  const engine = engineOf(g.game);
  if (i.isModalSubmit()) {
    // A forged submit may lack the field: getTextInputValue throws then.
    let typed: string;
    try {
      typed = i.fields.getTextInputValue('rules');
    } catch {
      return refuse(t('errors:unknown-button'));
    }
    const parsed = parseRuleOverrides(typed);
    if (!parsed.ok) return refuse(rulesRefusal(parsed, t));
    const fresh = optionsForTable(ctx.store, g.guildId, g.game, parsed.value);
    if (!fresh.ok) return refuse(optionErrorsRefusal(fresh.errors, t));
    const options = rulesAfterForm(g, fresh.options, overridableKeys(ctx, g));
    const size = engine.tableSize(options as never);
    const taken = ctx.store.games.seats(g.id);
    // A rule that sizes the table (Vietnamese mahjong `player-count`, classical `players`) changed:
    // the table takes its size, as /play's would (never below the people seated: refused below).
    const resized = size.default !== engine.tableSize(g.options as never).default;
    const seats = Math.min(size.max, Math.max(size.min, resized ? size.default : Math.max(g.seats, taken.length)));
    // Rules that allow fewer seats than are taken: as the table-size select, the newest AIs give up
    // their seats; people never do, and then the rules are refused.
    const kept = seats < taken.length ? withoutNewestAis(taken, taken.length - seats) : taken;
    if (!kept) return refuse(t('errors:lobby-seats-below', { count: taken.filter((s) => !s.isAi).length }));
    ctx.store.db.transaction(() => {
      if (kept !== taken) ctx.store.games.setSeats(g.id, kept);
      ctx.store.games.update(g.id, { options, optionsHash: optionsHash(options), seats });
    })();
    return redraw();
  }
  const value = i.values[0] ?? '';
  switch (b.arg) {
    case 'timer': {
      const p = timerChoices(g.timerPreset).find((x) => x.name === value);
      if (!p) return refuse(t('errors:bad-setting'));
      ctx.store.games.update(g.id, { timerPreset: p });
      break;
    }
    case 'seats': {
      const n = Number(value);
      const size = engine.tableSize(g.options as never);
      const seats = ctx.store.games.seats(g.id);
      if (!Number.isInteger(n) || n < Math.max(engine.minSeats, size.min) || n > Math.min(engine.maxSeats, size.max))
        return refuse(t('errors:bad-setting'));
      // A smaller table than the seats taken: the newest AIs give up their seats; people never do.
      const kept = n < seats.length ? withoutNewestAis(seats, seats.length - n) : seats;
      if (!kept) return refuse(t('errors:lobby-seats-below', { count: seats.filter((s) => !s.isAi).length }));
      ctx.store.db.transaction(() => {
        if (kept !== seats) ctx.store.games.setSeats(g.id, kept);
        ctx.store.games.update(g.id, { seats: n });
      })();
      break;
    }
    case 'timeout': {
      if (value !== 'default' && value !== 'ai') return refuse(t('errors:bad-setting'));
      ctx.store.games.update(g.id, { timeoutPolicy: value });
      break;
    }
    default:
      return refuse(t('errors:bad-setting'));
  }
  return redraw();
}

/** The house rules in force at this table: the options that differ from the game's defaults. */
function rulesLine(g: GameRow, t: (k: string, v?: Record<string, unknown>) => string): string {
  const defaults = defaultOptions(engineOf(g.game).options) as Record<string, unknown>;
  const changed = Object.entries(g.options)
    .filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(defaults[k]))
    .map(([k, v]) => `\`${k}\`=${optionValueText(v)}`);
  return changed.length ? t('common:lobby.rules', { list: listWithin(changed, 700, t) }) : t('common:lobby.rules-default');
}

/**
 * The lobby's seats without its `count` newest AI seats (the AIs with the highest seat numbers),
 * renumbered in order as Leave does; null when fewer AIs sit. An AI keeps its name.
 */
function withoutNewestAis(seats: SeatRow[], count: number): SeatRow[] | null {
  const ais = seats.filter((s) => s.isAi).map((s) => s.seat);
  if (ais.length < count) return null;
  const gone = new Set(ais.sort((a, b) => b - a).slice(0, count));
  return seats.filter((s) => !gone.has(s.seat)).map((s, k) => ({ ...s, seat: k }));
}

/**
 * The lobby's seats once `userId` joins: the next seat, or on a full table the seat of the AI added
 * last (there is no button to remove an AI). The lobby's Join and /games' Join both seat this way.
 */
export function joinSeats(seats: SeatRow[], cap: number, userId: string, name: string): SeatRow[] | 'already-seated' | 'table-full' {
  if (seats.some((s) => s.userId === userId)) return 'already-seated';
  let list = seats;
  if (list.length >= cap) {
    const freed = withoutNewestAis(list, list.length - cap + 1);
    if (!freed) return 'table-full';
    list = freed;
  }
  return [...list, { seat: list.length, userId, isAi: false, displayName: name }];
}

/**
 * `userId` leaves the lobby `g` (its Leave button; or they are no longer a member of its server,
 * members.ts): the seats after theirs move up, and a host who leaves passes the host to the next
 * person seated, or cancels the lobby when nobody is left to start it. False (nothing changed) when
 * they had no seat there. One transaction.
 */
export function leaveLobby(ctx: BotContext, g: GameRow, userId: string): boolean {
  const seats = ctx.store.games.seats(g.id);
  if (!seats.some((s) => s.userId === userId)) return false;
  const rest = seats.filter((s) => s.userId !== userId);
  const isHost = userId === g.hostUserId;
  // The host sits at seat 0: Phỏm's and Chắn's first hand (and Chắn's opener after a draw) is the
  // host's (phom.md §3, seed 002; chan.md §13 `first-opener`/`opener-after-draw` = host), and the
  // engines know the host as seat 0. An heir moves there (an AI may have sat before them).
  const heir = isHost ? rest.find((s) => !s.isAi && s.userId) : undefined;
  const kept = (heir ? [heir, ...rest.filter((s) => s !== heir)] : rest).map((s, k) => ({ ...s, seat: k }));
  ctx.store.db.transaction(() => {
    ctx.store.games.setSeats(g.id, kept);
    if (!isHost) return;
    if (!heir) ctx.store.games.update(g.id, { status: 'cancelled' });
    else ctx.store.db.prepare('UPDATE games SET host_user_id = ? WHERE id = ?').run(heir.userId, g.id);
  })();
  return true;
}

const CANCEL_CONFIRM = 'confirm.';

/**
 * The argument of a lobby's "Yes, cancel the lobby": the people seated there besides the host (their
 * ids, hashed to fit a custom_id), so a Yes asked before someone joined or left is out of date. Null
 * when nobody else is seated: Cancel then needs no question.
 */
export function cancelConfirmArg(seats: readonly SeatRow[], hostUserId: string | null): string | null {
  const others = seats.filter((s) => s.userId && s.userId !== hostUserId).map((s) => s.userId!);
  if (!others.length) return null;
  // FNV-1a (32 bits) of the ids in seat order.
  let h = 0x811c9dc5;
  for (const c of others.join(',')) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193) >>> 0;
  return `${CANCEL_CONFIRM}${others.length}.${h.toString(36)}`;
}

/** The host's ephemeral question before a lobby others joined is cancelled. */
async function askCancel(
  i: ButtonInteraction,
  t: (k: string, v?: Record<string, unknown>) => string,
  gameId: string,
  arg: string,
  n: number,
): Promise<void> {
  const yes = button(encodeGameId({ gameId, ver: 0, verb: 'cancel', arg }), t('common:button.cancel-confirm'), ButtonStyle.Danger);
  await i
    .followUp({ content: t('common:lobby.cancel-confirm', { count: n }), components: [row(yes)], ephemeral: true })
    .catch(() => undefined);
}

/**
 * A lobby cancelled from its question's Yes: the question (the clicked ephemeral message) becomes the
 * answer, and the lobby message is redrawn through the channel and its thread archived.
 */
async function cancelledFromQuestion(ctx: BotContext, i: ButtonInteraction, t: (k: string) => string, gameId: string): Promise<void> {
  await i.editReply({ content: t('common:lobby.cancelled-by-you'), components: [] }).catch(() => undefined);
  const table = ctx.table.load(gameId);
  if (table) await redrawLobby(ctx, table);
  const now = ctx.store.games.get(gameId);
  if (now) await archiveLobbyThread(ctx, now);
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
  const name = memberName(i);
  const cap = Math.min(engine.maxSeats, g.seats);

  switch (b.verb) {
    case 'join': {
      const joined = joinSeats(seats, cap, i.user.id, name);
      if (joined === 'already-seated') return reply(i, t('errors:already-seated'));
      if (joined === 'table-full') return reply(i, t('errors:table-full', { max: cap }));
      seats = joined;
      ctx.store.games.setSeats(g.id, seats);
      if (g.threadId) {
        const th = await gameChannel(ctx, g.threadId);
        if (th?.isThread()) await th.members.add(i.user.id).catch(() => undefined);
      }
      break;
    }
    case 'leave': {
      if (!leaveLobby(ctx, g, i.user.id)) return reply(i, t('errors:not-seated'));
      break;
    }
    case 'add-ai': {
      if (!isHost) return reply(i, t('errors:host-only'));
      if (seats.length >= cap) return reply(i, t('errors:table-full', { max: cap }));
      const n = seats.filter((s) => s.isAi).length + 1;
      const aiLevel = isAiLevel(b.arg) ? b.arg : ctx.store.settings.table(g.guildId, g.game).aiLevel;
      // Named in the table's language (as src/table/seating.ts names a takeover AI), not the clicker's.
      const aiName = translator(langOf(g.locale, ctx.defaultLang))('common:ai-name');
      seats = [...seats, { seat: seats.length, userId: null, isAi: true, displayName: `${aiName} ${n}`, aiLevel }];
      ctx.store.games.setSeats(g.id, seats);
      break;
    }
    case 'cancel': {
      if (!isHost) return reply(i, t('errors:host-only'));
      // Asked first while anyone else is seated (as Leave the table and End match are): Cancel sits
      // beside Start, and one click closed a lobby others had joined. The Yes names who was seated.
      const asked = cancelConfirmArg(seats, g.hostUserId);
      const confirming = b.arg?.startsWith(CANCEL_CONFIRM) ?? false;
      if (!confirming && asked) return askCancel(i, t, g.id, asked, seats.filter((s) => s.userId && s.userId !== g.hostUserId).length);
      // A Yes asked about other people than those seated now (someone joined or left since): nothing changes.
      if (confirming && b.arg !== asked)
        return void (await i.editReply({ content: t('errors:stale-table'), components: [] }).catch(() => undefined));
      ctx.store.games.update(g.id, { status: 'cancelled' });
      if (confirming) return cancelledFromQuestion(ctx, i, t, g.id);
      break;
    }
    case 'start': {
      // A lobby /play left without its thread (giveLobbyThread) gets it from this message first: a
      // table started with none had nowhere to be posted. If Discord refuses, nothing starts.
      if (isHost && !g.threadId && (await giveLobbyThread(ctx, g, i.message.id)) !== 'given') return reply(i, t('errors:lobby-no-thread'));
      const threadId = ctx.store.games.get(g.id)?.threadId ?? null;
      // Where the bot cannot post the table (a moderator took a permission away since /play), the
      // host is told what is missing and the lobby stays open, as /play refuses to open one.
      // (Only to the host: anyone else is told Start is the host's, by the table layer below.)
      const missing = isHost ? missingToPlay(i.appPermissions, threadId !== g.channelId) : [];
      if (missing.length)
        return reply(i, t('errors:missing-permissions-start', { list: missing.map((k) => t(`seatch:perm.${k}`)).join(', ') }));
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
  try {
    await i.editReply(lobbyPayload(ctx, now, ctx.store.games.seats(g.id), langOf(now.locale, ctx.defaultLang)));
  } catch (err) {
    // The change is saved by now: thrown on, the router answered "nothing was changed, try again" (a
    // joiner then "already seated") and a cancelled lobby's thread was never archived. Redrawn through
    // the channel instead (posted again if a moderator deleted the lobby message).
    ctx.log.warn({ err, gameId: g.id }, 'cannot edit the lobby after a click: redrawing it');
    const table = ctx.table.load(g.id);
    if (table) await redrawLobby(ctx, table);
  }
  // Cancelled (by the host, or the host left alone): its thread has nothing more to hold.
  if (now.status === 'cancelled') await archiveLobbyThread(ctx, now);
}

/**
 * Gives a lobby its game thread, started from its lobby message `messageId`: /play's (`repair` false),
 * and for a lobby without one the thread /play would have given it. /play posts the lobby, then
 * creates the thread, then records it: a process that died in between, or a Discord failure of a
 * moment, left a lobby whose Start started a table with nowhere to be posted (Start and the
 * housekeeping round call this). A thread created before the death (160004: the message has one)
 * has the message's id (Discord: a thread started from a message takes its id); at the server's
 * active-thread cap (160006) the game plays in the channel, as /play does. Everyone seated is added
 * to it. `given`: the lobby has its thread now; else it is unchanged, `later` when Discord failed for
 * a moment (a 5xx after discord.js's retries, a timeout: worth another try), `refused` when it said
 * no (the channel or the lobby message gone, a permission missing). Under the game's lock.
 */
export async function giveLobbyThread(
  ctx: BotContext,
  g: GameRow,
  messageId: string,
  repair = true,
): Promise<'given' | 'later' | 'refused'> {
  if (!g.channelId) return 'refused';
  let ch: Awaited<ReturnType<typeof ctx.client.channels.fetch>>;
  try {
    // Fetched here, not through messages.ts `gameChannel` (null for any failure): a moment's failure
    // is told from Discord's no.
    ch = await ctx.client.channels.fetch(g.channelId);
  } catch (e) {
    ctx.log.warn({ err: e, gameId: g.id }, 'cannot fetch the lobby’s channel');
    return failedForNow(e) ? 'later' : 'refused';
  }
  if (!ch || ch.isThread() || !ch.isTextBased() || !('threads' in ch)) return 'refused';
  const seats = ctx.store.games.seats(g.id);
  const host = seats.find((s) => s.userId === g.hostUserId)?.displayName ?? '';
  let threadId: string;
  try {
    const name = `${translator(langOf(g.locale, ctx.defaultLang))(`${g.game}:name`)} · ${host}`;
    threadId = (await ch.threads.create({ startMessage: messageId, name: cut(name, 100), autoArchiveDuration: 10080 })).id;
  } catch (e) {
    const code = (e as { code?: number }).code;
    if (code === 160004) threadId = messageId;
    else if (code === 160006) threadId = ch.id;
    else {
      ctx.log.warn({ err: e, gameId: g.id }, 'cannot give the lobby its game thread');
      return failedForNow(e) ? 'later' : 'refused';
    }
  }
  ctx.store.games.update(g.id, { threadId, lobbyMessageId: messageId });
  if (repair) ctx.log.info({ gameId: g.id, threadId }, 'a lobby without its game thread got it');
  const th = threadId === ch.id ? null : await gameChannel(ctx, threadId);
  if (th?.isThread()) for (const s of seats) if (s.userId) await th.members.add(s.userId).catch(() => undefined);
  return 'given';
}

/**
 * A Discord failure that says nothing about the request (a 5xx after discord.js's retries, a timeout,
 * a network error: no JSON error code) rather than Discord's answer to it (a code: 10003 the channel
 * is gone, 10008 the message is, 50013 a permission is missing...).
 */
function failedForNow(e: unknown): boolean {
  const { code, status } = e as { code?: unknown; status?: unknown };
  return typeof code !== 'number' || (typeof status === 'number' && status >= 500);
}

/**
 * A cancelled lobby's own game thread is archived, after `say` if given (an idle lobby's reason), so
 * that it does not count against the server's active threads until Discord's auto-archive. Archived
 * only, not locked: nothing was played there. An archiving that failed for now (a 5xx, a timeout:
 * close-thread.ts) is kept in the game's outbox (a `close-thread` effect), for the housekeeping round
 * or a restart; `say` is not posted again. A table playing in the channel (the server at its thread
 * cap) has no thread of its own. Under the game's lock.
 */
export async function archiveLobbyThread(ctx: BotContext, row_: GameRow, say?: string): Promise<void> {
  if (!row_.threadId || row_.threadId === row_.channelId) return;
  const th = await gameChannel(ctx, row_.threadId);
  if (say && th)
    await th
      .send({ content: say, allowedMentions: { parse: [] } })
      .catch((err: unknown) => ctx.log.warn({ err, gameId: row_.id }, 'cannot post the idle lobby’s line in its thread'));
  const known = th?.isThread() ? th : null;
  if (await closeThread(ctx, { gameId: row_.id, threadId: row_.threadId, lock: false, what: 'lobby thread', known })) return;
  const outbox = row_.outbox as Effect[];
  ctx.store.games.replaceOutbox(row_.id, outbox, mergeEffects(outbox, [{ kind: 'close-thread', archiveOnly: true }]));
}
