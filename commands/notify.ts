/**
 * /notify [time-zone] [quiet] [digest] (issue #14 §2): an ephemeral settings panel for DM notices —
 * my move / I may claim / a hand or match ended / a lobby I joined started (all off by default) —
 * a time zone (IANA, checked with Intl), quiet hours (no DMs in them; what is due is sent after) and
 * the digest threshold. The options set values directly; each notice's button on the panel turns it
 * on or off, as the button shows it (see `shownOn`), and its "Time zone & quiet hours…" button opens
 * a form.
 */
import {
  ActionRowBuilder,
  ButtonStyle,
  EmbedBuilder,
  MessageFlags,
  ModalBuilder,
  TextInputBuilder,
  TextInputStyle,
  type ChatInputCommandInteraction,
} from 'discord.js';
import { SlashCommandBuilder } from '@discordjs/builders';
import type { BotContext } from '../src/bot/context.js';
import { offered } from '../src/bot/command-options.js';
import { named } from '../src/bot/localize.js';
import { langOf, translator, type Lang, type T } from '../src/table/i18n.js';
import { encodeCommandId } from '../src/bot/custom-id.js';
import { button, row, type Row } from '../src/bot/messages.js';
import { dmsClosedLine } from '../src/notify/tell.js';
import {
  DEFAULT_DIGEST_OVER,
  NOTICE_KINDS,
  formatClock,
  isTimeZone,
  localMinutes,
  parseClock,
  type NoticePref,
  type UserPrefs,
} from '../src/store/index.js';
import type { CommandComponentInteraction } from '../src/bot/command-types.js';

export const data = offered(named(new SlashCommandBuilder(), 'notify', 'notify'), 'servers-and-dms')
  .addStringOption((o) => named(o, 'time-zone', 'notify.time-zone').setMaxLength(64))
  .addStringOption((o) => named(o, 'quiet', 'notify.quiet').setMaxLength(20))
  .addIntegerOption((o) => named(o, 'digest', 'notify.digest').setMinValue(1).setMaxValue(25));

const id = (rest: string) => encodeCommandId('notify', rest);

/** The panel: what is on, the time zone, quiet hours, digest; toggles and the settings form. */
export function panel(
  ctx: BotContext,
  userId: string,
  lang: Lang,
  note?: string,
): { content: string; embeds: EmbedBuilder[]; components: Row[] } {
  const t = translator(lang);
  const p = ctx.store.prefs.get(userId);
  const tz = p.timeZone ?? 'UTC';
  const lines = [
    t('async:notify.intro'),
    '',
    ...NOTICE_KINDS.map(
      (k) => `${p.notify[k] ? '✅' : '▫️'} ${t(`async:notify.kind-${k}`)}: **${t(p.notify[k] ? 'async:notify.on' : 'async:notify.off')}**`,
    ),
    '',
    t('async:notify.tz', { tz, time: formatClock(localMinutes(ctx.clock.now(), p.timeZone)) }),
    p.quiet ? t('async:notify.quiet', { from: formatClock(p.quiet.from), to: formatClock(p.quiet.to) }) : t('async:notify.no-quiet'),
    t('async:notify.digest', { n: p.digestOver }),
  ];
  const toggles = row(
    ...NOTICE_KINDS.map((k) =>
      button(
        id(`t:${k}`),
        `${p.notify[k] ? '✅' : '▫️'} ${t(`async:notify.kind-${k}`)}`,
        p.notify[k] ? ButtonStyle.Success : ButtonStyle.Secondary,
      ),
    ),
  );
  const more = row(
    button(id('m'), t('async:notify.settings'), ButtonStyle.Primary),
    button(id('off'), t('async:notify.all-off'), ButtonStyle.Danger, !Object.values(p.notify).some(Boolean)),
  );
  return {
    content: note ?? '',
    embeds: [new EmbedBuilder().setTitle(t('async:notify.title')).setDescription(lines.join('\n'))],
    components: [toggles, more],
  };
}

/** Applies time zone, quiet hours and digest given as text; returns the refusals (nothing set for a bad one). */
export function applySettings(
  ctx: BotContext,
  userId: string,
  t: T,
  v: { tz?: string | null; quiet?: string | null; digest?: string | number | null },
): string[] {
  const bad: string[] = [];
  if (v.tz !== undefined && v.tz !== null && v.tz.trim() !== '') {
    const tz = v.tz.trim();
    if (tz.toUpperCase() === 'UTC') ctx.store.prefs.setTimeZone(userId, null);
    else if (isTimeZone(tz)) ctx.store.prefs.setTimeZone(userId, tz);
    else bad.push(t('async:notify.bad-tz', { tz: tz.slice(0, 64) }));
  }
  if (v.quiet !== undefined && v.quiet !== null && v.quiet.trim() !== '') {
    const q = v.quiet.trim().toLowerCase();
    if (q === 'off' || q === 'none' || q === '-') ctx.store.prefs.setQuiet(userId, null);
    else {
      const [a, b, extra] = q.split(/\s*[-–—~]\s*/);
      const from = a !== undefined ? parseClock(a) : null;
      const to = b !== undefined ? parseClock(b) : null;
      if (from === null || to === null || from === to || extra !== undefined) bad.push(t('async:notify.bad-quiet'));
      else ctx.store.prefs.setQuiet(userId, { from, to });
    }
  }
  if (v.digest !== undefined && v.digest !== null && String(v.digest).trim() !== '') {
    // Decimal digits only ("0x2" and "1e1" are not numbers a person types here).
    const raw = String(v.digest).trim();
    const n = /^\d{1,2}$/.test(raw) ? Number(raw) : NaN;
    if (!Number.isInteger(n) || n < 1 || n > 25) bad.push(t('async:notify.bad-digest'));
    else ctx.store.prefs.setDigestOver(userId, n);
  }
  return bad;
}

/** The settings form's fields, in the order of their hashes in its custom_id. */
const FORM_FIELDS = ['tz', 'quiet', 'digest'] as const;
type FormField = (typeof FORM_FIELDS)[number];

/** The form as pre-filled from `p`: never an empty field (an emptied one means `EMPTIED`). */
function formValues(p: UserPrefs): Record<FormField, string> {
  return {
    tz: p.timeZone ?? 'UTC',
    quiet: p.quiet ? `${formatClock(p.quiet.from)}-${formatClock(p.quiet.to)}` : 'off',
    digest: String(p.digestOver),
  };
}

/** What a field emptied in the form sets (each field's placeholder says so): UTC, no quiet hours, the default digest. */
const EMPTIED: Record<FormField, string> = { tz: 'UTC', quiet: 'off', digest: String(DEFAULT_DIGEST_OVER) };

/** A short hash of a pre-filled value (FNV-1a, base 36, ≤ 7 characters): three fit the modal's custom_id. */
function shownHash(value: string): string {
  let h = 0x811c9dc5;
  for (const ch of value.trim()) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

/** The hashes of what the form showed, from its custom_id `ms:<tz>.<quiet>.<digest>`; null for a form opened before they were sent (`ms`). */
function shownHashes(rest: string): Record<FormField, string> | null {
  const m = /^ms:([0-9a-z]{1,7})\.([0-9a-z]{1,7})\.([0-9a-z]{1,7})$/.exec(rest);
  return m ? { tz: m[1]!, quiet: m[2]!, digest: m[3]! } : null;
}

/**
 * The settings a form submit changes: only the fields whose value differs from what the form showed.
 * Writing back every pre-filled field undid a change made elsewhere (another /notify, another device)
 * while the form was open, by a submit meant to change the digest alone. An emptied field is a change
 * to `EMPTIED` (it used to be skipped while the panel said "Saved."). A form opened before this
 * release (`shown` null) sets every field, as it did.
 */
function formChanges(typed: Record<FormField, string | null>, shown: Record<FormField, string> | null): Partial<Record<FormField, string>> {
  const out: Partial<Record<FormField, string>> = {};
  for (const k of FORM_FIELDS) {
    const v = typed[k];
    // A forged submit may lack a field: nothing to set.
    if (v === null || (shown && shownHash(v) === shown[k])) continue;
    out[k] = v.trim() === '' ? EMPTIED[k] : v;
  }
  return out;
}

export async function execute(i: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  const lang = langOf(i.locale, ctx.defaultLang);
  const t = translator(lang);
  // The DM notices speak the language the user set them up in (not each table's).
  ctx.store.prefs.setLocale(i.user.id, i.locale);
  const bad = applySettings(ctx, i.user.id, t, {
    tz: i.options.getString('time-zone'),
    quiet: i.options.getString('quiet'),
    digest: i.options.getInteger('digest'),
  });
  const dms = dmsClosedLine(ctx.store, i.user.id, lang);
  const note = [dms, ...bad.map((b) => `⚠️ ${b}`)].filter(Boolean).join('\n');
  await i.reply({ ...panel(ctx, i.user.id, lang, note || undefined), flags: MessageFlags.Ephemeral });
}

/**
 * Whether the clicked notice button showed its notice on (✅, green), as the panel it is on was drawn:
 * the click sets the other value, whatever is stored now. Flipping the stored value instead did the
 * opposite of what the button said on a panel left open while the setting changed elsewhere (another
 * /notify panel, another device, 50007 switching notices off) and at a double click whose second
 * click came before the panel was redrawn. The custom_id stays `t:<kind>` (panels already sent, and
 * the tests that click them): Discord sends the clicked message's components with the click. Null
 * when the button cannot be found on it.
 */
function shownOn(i: CommandComponentInteraction): boolean | null {
  if (!i.isButton()) return null;
  const c = i.component as { style?: number } | null | undefined;
  return c && typeof c.style === 'number' ? c.style === ButtonStyle.Success : null;
}

export async function component(i: CommandComponentInteraction, rest: string, ctx: BotContext): Promise<void> {
  const lang = langOf(i.locale, ctx.defaultLang);
  const t = translator(lang);
  const user = i.user.id;
  ctx.store.prefs.setLocale(user, i.locale);
  if (i.isModalSubmit()) {
    const shown = shownHashes(rest);
    if (rest !== 'ms' && !shown) return void (await i.reply({ content: t('errors:unknown-button'), flags: MessageFlags.Ephemeral }));
    const field = (k: string) => {
      try {
        return i.fields.getTextInputValue(k);
      } catch {
        return null;
      }
    };
    const bad = applySettings(ctx, user, t, formChanges({ tz: field('tz'), quiet: field('quiet'), digest: field('digest') }, shown));
    const note = bad.length ? bad.map((b) => `⚠️ ${b}`).join('\n') : `✅ ${t('async:notify.saved')}`;
    if (i.isFromMessage()) await i.update(panel(ctx, user, lang, note));
    else await i.reply({ ...panel(ctx, user, lang, note), flags: MessageFlags.Ephemeral });
    return;
  }
  if (!i.isButton()) return void (await i.reply({ content: t('errors:unknown-button'), flags: MessageFlags.Ephemeral }));
  if (rest === 'm') {
    const shown = formValues(ctx.store.prefs.get(user));
    // The placeholder shows once a field is emptied: what the empty field sets.
    const input = (k: FormField, label: string, placeholder: string, max: number) =>
      new ActionRowBuilder<TextInputBuilder>().addComponents(
        new TextInputBuilder()
          .setCustomId(k)
          .setLabel(label.slice(0, 45))
          .setPlaceholder(placeholder.slice(0, 100))
          .setStyle(TextInputStyle.Short)
          .setRequired(false)
          .setMaxLength(max)
          .setValue(shown[k]),
      );
    const modal = new ModalBuilder()
      // What each field showed (hashed), so a submit sets only the fields the user changed.
      .setCustomId(id(`ms:${FORM_FIELDS.map((k) => shownHash(shown[k])).join('.')}`))
      .setTitle(t('async:notify.modal-title').slice(0, 45))
      .addComponents(
        input('tz', t('async:notify.modal-tz'), t('async:notify.modal-tz-empty'), 64),
        input('quiet', t('async:notify.modal-quiet'), t('async:notify.modal-quiet-empty'), 20),
        input('digest', t('async:notify.modal-digest'), t('async:notify.modal-digest-empty', { n: DEFAULT_DIGEST_OVER }), 2),
      );
    await i.showModal(modal);
    return;
  }
  const toggle = /^t:(turn|claim|result|start)$/.exec(rest);
  if (toggle) {
    const k = toggle[1] as NoticePref;
    const shown = shownOn(i);
    // A button whose look cannot be read: nothing is guessed; the panel shows where things stand.
    if (shown === null) return void (await i.update(panel(ctx, user, lang, `⚠️ ${t('async:notify.stale')}`)));
    ctx.store.prefs.setNotify(user, k, !shown);
  } else if (rest === 'off') {
    for (const k of NOTICE_KINDS) ctx.store.prefs.setNotify(user, k, false);
  } else return void (await i.reply({ content: t('errors:unknown-button'), flags: MessageFlags.Ephemeral }));
  await i.update(panel(ctx, user, lang));
}
