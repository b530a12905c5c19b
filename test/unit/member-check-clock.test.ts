/**
 * `MemberCheck` (src/bot/members.ts) remembers a yes for `MEMBER_OK_MS`: a kick is noticed at most
 * that late. A yes stamped before the host clock stepped back (NTP, a VM resumed) was trusted until
 * its stamp passed: a member kicked after a 3 h step back kept playing from DMs, and their deadlines
 * asked Discord nothing, for 3 h. A yes further ahead than `ttlMs` is stale now.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RESTJSONErrorCodes, type Client } from 'discord.js';
import { MEMBER_OK_MS, MemberCheck } from '../../src/bot/members.js';

function check() {
  const clock = { t: Date.UTC(2026, 11, 7, 12) };
  const world = { member: true, asked: 0 };
  const client = {
    rest: {
      get: async () => {
        world.asked++;
        if (world.member) return {};
        throw Object.assign(new Error('Unknown Member'), { code: RESTJSONErrorCodes.UnknownMember });
      },
    },
  };
  return { clock, world, members: new MemberCheck(client as unknown as Client, () => clock.t) };
}

test('a yes is kept for MEMBER_OK_MS, then asked again', async () => {
  const { clock, world, members } = check();
  assert.equal(await members.isMember('g', 'u'), true);
  clock.t += MEMBER_OK_MS - 1;
  assert.equal(members.knows('g', 'u'), true);
  assert.equal(await members.isMember('g', 'u'), true);
  assert.equal(world.asked, 1, 'answered from the cache');
  world.member = false;
  clock.t += 2;
  assert.equal(members.knows('g', 'u'), false);
  assert.equal(await members.isMember('g', 'u'), false);
  assert.equal(world.asked, 2);
});

test('after the clock steps back, a yes stamped before it is stale: a kick is noticed at the next question', async () => {
  const { clock, world, members } = check();
  assert.equal(await members.isMember('g', 'u'), true);
  clock.t -= 3 * 3_600_000;
  world.member = false;
  clock.t += 6 * 60_000;
  assert.equal(members.knows('g', 'u'), false, 'not answered from a stamp 3 h ahead');
  assert.equal(await members.isMember('g', 'u'), false);
  assert.equal(world.asked, 2);
});
