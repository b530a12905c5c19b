/**
 * Forged interactions (a custom_id Discord would never deliver from that message): each is
 * answered with an ephemeral message, never left silent, and changes nothing. Discord only
 * delivers a message's own components, so these are forged here as Discord would deliver them.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openTable, slash, withWorld, type World } from './harness.js';
import { encodeGameId } from '../../src/bot/custom-id.js';
import type { SimMessage } from '../discord-sim/model.js';

interface Forged {
  settled(o: { timeout: number }): Promise<unknown>;
  followUps: SimMessage[];
  response?: SimMessage;
  failed: boolean;
}
const forge = (w: World, kind: string, type: number, user: string, channelId: string, data: unknown, m?: SimMessage) =>
  (
    w.sim as unknown as {
      createInteraction(kind: string, type: number, user: string, ch: unknown, data: unknown, m?: SimMessage): Promise<Forged>;
      channel(id: string): unknown;
    }
  ).createInteraction(kind, type, user, (w.sim as unknown as { channel(id: string): unknown }).channel(channelId), data, m);

async function answer(w: World, h: Forged): Promise<string> {
  await h.settled({ timeout: 30_000 });
  await w.bot.whenIdle();
  assert.equal(h.failed, false, 'no failed interaction');
  const m = h.followUps.at(-1) ?? h.response;
  assert.ok(m, 'answered');
  return w.sim.text(m);
}

test('a lobby button forged in a DM does not seat anyone; a table verb on the wrong component and a rules modal without its field are answered', async () => {
  await withWorld(async (w) => {
    const [host, other] = [w.users[0]!.id, w.users[1]!.id];
    // The other player's hand view lives in their DMs: the bot opens that DM when the table starts.
    await (await slash(w, other, 'prefs', { 'hand-view': 'dm' })).reply();
    const { gameId: running, threadId } = await openTable(w, 'phom', 2, 0);
    const dm = w.sim.dmChannel(other)!;
    assert.ok(dm, 'the DM is open');
    const lobby = (await slash(w, host, 'play', { game: 'phom' })).response!;
    const gameId = w.store.games.recent(w.guildId, 1)[0]!.id;
    assert.equal(w.store.games.get(gameId)!.status, 'lobby');
    // A Join forged in that DM (the bot sends no lobby buttons there).
    const join = encodeGameId({ gameId, ver: 0, verb: 'join' });
    const fromDm = await forge(
      w,
      'button',
      3,
      other,
      dm.id,
      { custom_id: join, component_type: 2 },
      w.sim.visibleMessages(dm.id, other).at(-1),
    );
    assert.match(await answer(w, fromDm), /no longer exists|not found/i);
    assert.equal(w.store.games.seats(gameId).filter((s) => s.userId === other).length, 0, 'not seated from a DM');
    // The lobby's rules modal submitted without its text field.
    const rules = encodeGameId({ gameId, ver: 0, verb: 'lobby-rules' });
    const modal = await forge(w, 'modal', 5, host, lobby.channelId, { custom_id: rules, components: [] }, lobby);
    assert.match(await answer(w, modal), /button|no longer/i);
    assert.equal(w.store.games.get(gameId)!.status, 'lobby');

    // At the running table, a lobby verb sent as a select menu reaches no handler of its own.
    const v = w.store.games.get(running)!.version;
    const table = w.sim.message(w.store.games.get(running)!.tableMessageId!)!;
    const wrong = encodeGameId({ gameId: running, ver: 0, verb: 'join' });
    const h = await forge(w, 'select', 3, host, threadId, { custom_id: wrong, component_type: 3, values: ['x'] }, table);
    assert.ok((await answer(w, h)).length > 0);
    assert.equal(w.store.games.get(running)!.version, v, 'nothing played');
  });
});
