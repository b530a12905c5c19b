/**
 * Executes a table step's effects in Discord (src/table/effects.ts) and records the message ids.
 * It decides nothing: what to show comes from src/table/views.ts, drawn from the table as `act`
 * left it (no second load). Runs under the game's lock, after the step's transaction. Once every
 * effect has been tried, the game's outbox is cleared; after a crash before that, the start-up
 * sweep executes the outbox again (each effect is idempotent).
 */
import type { BotContext } from './context.js';
import { ensureUnarchived, gameChannel, png } from './messages.js';
import { toComponents } from './components.js';
import { decodeGameId } from './custom-id.js';
import { act, actAsync, type ActResult, type TableCommand } from '../table/act.js';
import type { Effect } from '../table/effects.js';
import { langOf, type Lang } from '../table/i18n.js';
import type { Table } from '../table/store.js';
import { endMatchText, pingView, reminderText, resultView, tableView } from '../table/views.js';
import { lobbyPayload } from './lobby.js';

export function publicLang(ctx: BotContext, t: Table): Lang {
  return langOf(t.row.locale, ctx.defaultLang);
}

/** Runs a command through the table layer and executes its effects. */
export async function run(ctx: BotContext, cmd: TableCommand, o: { skip?: Effect['kind'][] } = {}): Promise<ActResult> {
  // The AI thinks in the worker pool when there is one: the event loop stays free meanwhile.
  const r = ctx.ai ? await actAsync(ctx.table, cmd, ctx.clock.now(), ctx.ai) : act(ctx.table, cmd, ctx.clock.now());
  for (const w of r.warnings) ctx.log.error({ gameId: cmd.gameId, kind: cmd.kind }, w);
  await execute(ctx, r, { ...o, restart: cmd.kind === 'sync' });
  return r;
}

export async function execute(ctx: BotContext, r: ActResult, o: { skip?: Effect['kind'][]; restart?: boolean } = {}): Promise<void> {
  const t = r.table;
  if (!t) return;
  // A crash between posting a ping and recording its id leaves an orphan ping: the restart sweep
  // removes it before the ping is posted again (so at most one ping is live).
  if (o.restart && r.outbox.some((e) => e.kind === 'ping')) await removeOrphanPings(ctx, t);
  if (r.effects.some((e) => e.kind === 'ping' || e.kind === 'remind' || e.kind === 'table')) ctx.wakeTimers();
  if (!r.effects.length) return;
  for (const e of r.effects) {
    if (o.skip?.includes(e.kind)) continue;
    try {
      await one(ctx, t, e);
    } catch (err) {
      ctx.log.error({ err, gameId: t.row.id, effect: e.kind }, 'effect failed');
    }
  }
  await ctx.notifier?.onEffects(t, r.effects, ctx.clock.now());
  if (r.outbox.length) ctx.store.games.clearOutbox(t.row.id, r.outbox);
}

async function one(ctx: BotContext, t: Table, e: Effect): Promise<void> {
  const lang = publicLang(ctx, t);
  switch (e.kind) {
    case 'unarchive':
      return ensureUnarchived(ctx, t.row.threadId);
    case 'lobby': {
      if (!t.row.lobbyMessageId || !t.row.channelId) return;
      const ch = await gameChannel(ctx, t.row.channelId);
      await ch?.messages.edit(t.row.lobbyMessageId, lobbyPayload(ctx, t.row, t.seats, lang)).catch(() => undefined);
      return;
    }
    case 'table':
      return updateTable(ctx, t, e.notice ? tableView(t, lang, e.notice) : tableView(t, lang));
    case 'ping': {
      const ch = await gameChannel(ctx, t.row.threadId);
      if (!ch) return;
      const v = pingView(t, e.turn, e.claim, lang);
      await deletePing(ctx, t);
      try {
        const m = await ch.send({
          content: v.lines.join('\n'),
          components: toComponents(t.row.id, t.row.version, v.rows),
          allowedMentions: { users: v.users },
        });
        ctx.store.games.update(t.row.id, { pingMessageId: m.id });
        t.row.pingMessageId = m.id;
      } catch (err) {
        ctx.log.warn({ err, gameId: t.row.id }, 'cannot post ping');
      }
      return;
    }
    case 'remind': {
      const ch = await gameChannel(ctx, t.row.threadId);
      const v = reminderText(t, e.seat, e.deadline, lang, { ...(e.n !== undefined ? { n: e.n } : {}), ...(e.vote ? { vote: true } : {}) });
      await ch
        ?.send({ content: v.text, components: toComponents(t.row.id, t.row.version, v.rows), allowedMentions: { users: v.users } })
        .catch(() => undefined);
      return;
    }
    case 'result': {
      const key = `result:${e.hand}`;
      if (t.row.lastNotice === key || e.hand !== t.row.handIndex) return;
      const v = resultView(t, lang, e.matchOver);
      const ch = await gameChannel(ctx, t.row.threadId);
      if (!v || !ch) return;
      const image = await ctx.render.result(v.model);
      await deletePing(ctx, t);
      try {
        await ch.send({
          content: v.lines.join('\n').slice(0, 2000),
          files: [png('result.png', image)],
          components: toComponents(t.row.id, t.row.version, v.rows),
          allowedMentions: { parse: [] },
        });
        // Marked only once posted: after a crash in between, the result is posted again rather than lost.
        ctx.store.games.update(t.row.id, { lastNotice: key });
        t.row.lastNotice = key;
      } catch (err) {
        ctx.log.error({ err, gameId: t.row.id }, 'cannot post the result');
      }
      return;
    }
    case 'end-match': {
      if (t.row.lastNotice === 'match-over') return;
      const ch = await gameChannel(ctx, t.row.threadId);
      if (!ch) return;
      await deletePing(ctx, t);
      await ch.send({ content: endMatchText(t, lang), allowedMentions: { parse: [] } }).catch(() => undefined);
      ctx.store.games.update(t.row.id, { lastNotice: 'match-over' });
      t.row.lastNotice = 'match-over';
      if (ch.isThread()) {
        await ch
          .edit({ archived: true, locked: true })
          .catch((err: unknown) => ctx.log.info({ err }, 'cannot archive/lock the game thread'));
      }
      return;
    }
  }
}

/** Deletes the bot's ping messages of this game in the thread's recent history (restart only). */
async function removeOrphanPings(ctx: BotContext, t: Table): Promise<void> {
  const ch = await gameChannel(ctx, t.row.threadId);
  if (!ch) return;
  try {
    const recent = await ch.messages.fetch({ limit: 25 });
    for (const m of recent.values()) {
      if (m.author.id !== ctx.client.user?.id || m.id === t.row.tableMessageId || m.id === t.row.pingMessageId) continue;
      // Action rows of buttons (a ping has exactly one: Open my hand).
      const rows = m.components as unknown as { components?: { customId?: string | null }[] }[];
      const ids = rows.flatMap((r) => r.components?.map((c) => c.customId ?? '') ?? []);
      const b = ids?.length === 1 && ids[0] ? decodeGameId(ids[0]) : null;
      if (b && b.gameId === t.row.id && b.verb === 'hand') await m.delete().catch(() => undefined);
    }
  } catch (err) {
    ctx.log.warn({ err, gameId: t.row.id }, 'cannot look for orphan pings');
  }
}

/** Deletes the current ping message once and forgets its id (a second delete would be a 404 10008). */
async function deletePing(ctx: BotContext, t: Table): Promise<void> {
  const id = t.row.pingMessageId;
  if (!id) return;
  const ch = await gameChannel(ctx, t.row.threadId);
  ctx.store.games.update(t.row.id, { pingMessageId: null });
  t.row.pingMessageId = null;
  await ch?.messages.delete(id).catch(() => undefined);
}

async function updateTable(ctx: BotContext, t: Table, v: ReturnType<typeof tableView>): Promise<void> {
  if (!t.row.threadId) return;
  const ch = await gameChannel(ctx, t.row.threadId);
  if (!ch) return;
  const files = v.model ? [png('table.png', await ctx.render.table(v.model))] : [];
  const payload = {
    content: v.lines.join('\n').slice(0, 2000),
    files,
    components: toComponents(t.row.id, t.row.version, v.rows),
    attachments: [] as never[],
  };
  try {
    if (t.row.tableMessageId) {
      await ch.messages.edit(t.row.tableMessageId, payload);
      ctx.store.games.markShown(t.row.id, t.row.version);
      return;
    }
  } catch (err) {
    ctx.log.warn({ err, gameId: t.row.id }, 'table message edit failed; posting a new one');
  }
  try {
    const m = await ch.send(payload);
    ctx.store.games.update(t.row.id, { tableMessageId: m.id });
    ctx.store.games.markShown(t.row.id, t.row.version);
    t.row.tableMessageId = m.id;
  } catch (err) {
    ctx.log.error({ err, gameId: t.row.id }, 'cannot post the table message');
  }
}
