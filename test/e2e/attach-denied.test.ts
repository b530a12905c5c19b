/**
 * A moderator takes Attach Files away from the bot in the game's channel during a match. Every table
 * and result post carried its picture, and Discord refused each one (50013): the table message went
 * on showing the turn before the deadline's move, and a hand that ended on a deadline posted no result,
 * so no Next hand / End match button ever came and the match stalled with nobody told. Now the table
 * and the result go out in words with a line naming the permission (messages.ts `mayAttach`,
 * `orInWords`), and the pictures come back once it is given back.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  buttons,
  click,
  later,
  openHand,
  openTable,
  pendingNow,
  playAsAi,
  slash,
  tableMessage,
  until,
  withWorld,
  type World,
} from './harness.js';
import { Permissions as P } from '../discord-sim/model.js';
import { engineOf } from '../../src/table/manifests.js';
import type { BaseAction, Decision } from '../../src/games/core/types.js';
import { orInWords } from '../../src/bot/messages.js';
import { PermissionFlagsBits, PermissionsBitField, type TextBasedChannel } from 'discord.js';

const DENIED = /Attach Files/;

/** Whether the seat to act, playing its default moves, ends the hand before anyone else acts. */
function endsOnDeadlines(w: World, gameId: string): boolean {
  const engine = engineOf('phom');
  let s = w.store.games.state(w.store.games.get(gameId)!);
  const seat = (engine.pending(s) as Decision<BaseAction>[])[0]!.seat;
  while (engine.result(s) === null) {
    const d = (engine.pending(s) as Decision<BaseAction>[])[0];
    if (!d || d.seat !== seat) return false;
    const r = engine.apply(s, d.seat, d.timeoutDefault);
    if (!r.ok) return false;
    s = r.value;
  }
  return true;
}

test('Attach Files taken away mid-match: the table and the result are shown in words with their buttons, and the pictures come back', async () => {
  await withWorld(async (w) => {
    const { gameId, threadId } = await openTable(w, 'phom', 2, 0, { timer: 'async' });
    const state = () => w.store.games.get(gameId)!;
    const result = () => engineOf('phom').result(w.store.games.state(state()));
    // Play by clicks until the seat to act would end the hand on its own deadlines.
    for (let n = 0; !endsOnDeadlines(w, gameId); n++) {
      assert.ok(n < 400, 'a position the deadlines end');
      const user = w.store.games.seats(gameId)[pendingNow(w, gameId)[0]!.seat]!.userId!;
      await playAsAi(w, user, gameId, await openHand(w, user, gameId));
    }
    w.sim.setBotPermission(w.guildId, P.AttachFiles, false, w.channelId);
    // The first deadline's move: the table message shows it, in words.
    const before = state().version;
    await later(w, 24 * 3600_000 + 1000);
    assert.ok(state().version > before, 'the deadline played');
    if (result() === null) {
      assert.equal(w.store.games.shownVersion(gameId), state().version, 'the table message shows the move');
      const tm = tableMessage(w, gameId);
      assert.match(w.sim.text(tm), DENIED);
      assert.equal(w.sim.images(tm).length, 0);
    }
    for (let k = 0; result() === null; k++) {
      assert.ok(k < 300, 'the hand ends on deadlines');
      await later(w, 24 * 3600_000 + 1000);
    }
    await later(w, 1000);
    // The result is posted, in words, with what goes on.
    assert.equal(state().lastNotice, `result:${state().handIndex}`, 'the result was posted');
    const res = w.sim.message(state().resultMessageId!)!;
    assert.match(w.sim.text(res), DENIED);
    assert.equal(w.sim.images(res).length, 0);
    const labels = buttons(w.sim, res).map((b) => String(b.label));
    assert.ok(
      labels.some((l) => /Next hand/.test(l)),
      `Next hand offered: ${labels.join(' | ')}`,
    );
    // Given back: the next hand's table carries its picture again, without the line.
    w.sim.setBotPermission(w.guildId, P.AttachFiles, true, w.channelId);
    const next = buttons(w.sim, res).find((b) => /Next hand/.test(String(b.label)))!;
    const host = w.store.games.seats(gameId)[0]!.userId!;
    await click(w, host, res, String(next.custom_id));
    await until(w, 'the next hand shown', () => state().handIndex > 0 && w.store.games.shownVersion(gameId) === state().version);
    const tm = tableMessage(w, gameId);
    assert.equal(w.sim.images(tm).length, 1, 'the picture is back');
    assert.doesNotMatch(w.sim.text(tm), DENIED);
    assert.ok(w.sim.allMessages(threadId).length > 0);
  });
});

test('a post refused for Missing Permissions with a picture is sent once more in words; other errors are thrown', async () => {
  const sent: string[] = [];
  const denied: string[] = [];
  const refuse = (p: { files: string[]; text: string }) => {
    sent.push(p.text);
    if (p.files.length) return Promise.reject(Object.assign(new Error('Missing Permissions'), { code: 50013 }));
    return Promise.resolve(p.text);
  };
  const words = () => ({ files: [], text: 'in words' });
  // A channel whose permissions the cache does not know (a DM): the bot may post there.
  const dm = {} as TextBasedChannel;
  assert.equal(await orInWords(dm, { files: ['a.png'], text: 'picture' }, words, refuse, () => denied.push('x')), 'in words');
  assert.deepEqual(sent, ['picture', 'in words']);
  assert.equal(denied.length, 1);
  // Without a picture, or for another error, nothing is sent again.
  await assert.rejects(
    orInWords(
      dm,
      { files: [], text: 'plain' },
      words,
      () => Promise.reject(Object.assign(new Error(), { code: 50013 })),
      () => {},
    ),
  );
  await assert.rejects(
    orInWords(
      dm,
      { files: ['a.png'], text: 'picture' },
      words,
      () => Promise.reject(Object.assign(new Error(), { code: 50001 })),
      () => {},
    ),
  );
  // Where the cache says the bot may not post at all (Send Messages in Threads taken away), the words
  // would be refused too: not sent (each refusal counts against Discord's invalid request limit).
  const me = {};
  const mute = {
    guild: { members: { me } },
    isThread: () => true,
    permissionsFor: () => new PermissionsBitField([PermissionFlagsBits.ViewChannel, PermissionFlagsBits.AttachFiles]),
  } as unknown as TextBasedChannel;
  sent.length = 0;
  await assert.rejects(orInWords(mute, { files: ['a.png'], text: 'picture' }, words, refuse, () => {}));
  assert.deepEqual(sent, ['picture']);
});

test('Attach Files taken away: a private seat thread gets its hand view in words, with no refused request', async () => {
  await withWorld(async (w) => {
    const a = w.users[0]!.id;
    await slash(w, a, 'prefs', { 'hand-view': 'thread' });
    const { gameId } = await openTable(w, 'phom', 2, 0, { timer: 'async' });
    const seatThread = w.store.seatChannels.ofUser(gameId, a)!.channelId!;
    w.sim.setBotPermission(w.guildId, P.AttachFiles, false, w.channelId);
    const from = w.sim.restLog().length;
    await later(w, 24 * 3600_000 + 1000);
    const refused = w.sim
      .restLog()
      .slice(from)
      .filter((e) => e.summary.includes(seatThread) && /\b403\b/.test(e.summary));
    assert.deepEqual(refused, [], 'nothing refused in the seat thread');
    const r = w.store.seatChannels.ofUser(gameId, a)!;
    assert.equal(r.failed, null, 'still the seat view');
    const view = w.sim.message(r.messageId!)!;
    assert.match(w.sim.text(view), DENIED);
    assert.equal(w.sim.images(view).length, 0);
  });
});
