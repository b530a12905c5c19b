/**
 * Discord's rate limits in the simulator (https://discord.com/developers/docs/topics/rate-limits): the global limit
 * of 50 requests/s per bot token, a per-route bucket with its X-RateLimit-* headers, and the interaction exemption.
 * Raw `fetch` shows what Discord answers; a discord.js client shows that it reads the headers and never gets a 429.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DiscordSim } from './index.js';
import { connectClient } from './helpers.js';
import { routeInfo } from './ratelimit.js';

async function call(sim: DiscordSim, method: string, path: string, body?: unknown, auth = true): Promise<Response> {
  return fetch(`${sim.apiBase}/v10${path}`, {
    method,
    headers: { ...(auth ? { authorization: `Bot ${sim.token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
}

describe('rate limits', () => {
  it('generalises routes as discord.js does: major parameter, exemption', () => {
    assert.deepEqual(routeInfo('/channels/123456789012345678/messages/223456789012345678'), {
      route: '/channels/:id/messages/:id',
      major: '123456789012345678',
      exempt: false,
    });
    assert.deepEqual(routeInfo('/webhooks/123456789012345678/tok.en/messages/@original'), {
      route: '/webhooks/:id/:token/messages/@original',
      major: '123456789012345678/tok.en',
      exempt: true,
    });
    assert.equal(routeInfo('/interactions/123456789012345678/abc/callback').exempt, true);
    assert.equal(routeInfo('/users/@me').major, 'global');
  });

  describe('the global limit: 50 requests per second per bot token', () => {
    let sim: DiscordSim;
    before(async () => {
      sim = await DiscordSim.start({ rateLimits: { perRoute: false }, requireRegisteredCommands: false });
    });
    after(async () => sim.stop());

    it('answers the 51st request within a second with a global 429, and counts it', async () => {
      const answers = await Promise.all(Array.from({ length: 60 }, () => call(sim, 'GET', '/users/@me')));
      const ok = answers.filter((r) => r.status === 200);
      const limited = answers.filter((r) => r.status === 429);
      assert.equal(ok.length, 50);
      assert.equal(limited.length, 10);
      const r = limited[0]!;
      assert.equal(r.headers.get('x-ratelimit-global'), 'true');
      assert.equal(r.headers.get('x-ratelimit-scope'), 'global');
      const retry = Number(r.headers.get('retry-after'));
      assert.ok(retry > 0 && retry <= 1, `Retry-After ${retry}`);
      const body = (await r.json()) as { message: string; retry_after: number; global: boolean; code: number };
      assert.equal(body.global, true);
      assert.equal(body.code, 0);
      assert.equal(body.message, 'You are being rate limited.');
      assert.ok(body.retry_after > 0 && body.retry_after <= 1);
      const s = sim.rateLimits.stats();
      assert.equal(s.globallyLimited, 60);
      assert.equal(s.global429, 10);
      assert.equal(s.sent429, 10);
      assert.equal(s.routes['GET /users/@me']!.requests, 60);
      assert.equal(s.routes['GET /users/@me']!.rateLimited, 10);
      // The window passes: requests go through again.
      await new Promise((res) => setTimeout(res, retry * 1000 + 20));
      assert.equal((await call(sim, 'GET', '/users/@me')).status, 200);
    });

    it('exempts interaction endpoints: the callback, follow-ups and @original edits still work at the limit', async () => {
      sim.rateLimits.reset();
      const g = sim.createGuild({ name: 'g' });
      const ch = sim.createTextChannel(g.id, 'games');
      const u = sim.createUser({ username: 'alice' });
      sim.addMember(g.id, u.id);
      const i = await sim.slash(u.id, ch.id, 'play');
      // Use the whole global budget on a normal route.
      const burst = await Promise.all(Array.from({ length: 50 }, () => call(sim, 'GET', `/channels/${ch.id}`)));
      assert.ok(burst.every((r) => r.status === 200));
      assert.equal((await call(sim, 'GET', `/channels/${ch.id}`)).status, 429, 'the budget is spent');
      // The interaction token's routes are not bound to it (and need no Authorization).
      assert.equal((await call(sim, 'POST', `/interactions/${i.id}/${i.token}/callback`, { type: 5 }, false)).status, 204);
      const hook = `/webhooks/${sim.applicationId}/${i.token}`;
      assert.equal((await call(sim, 'PATCH', `${hook}/messages/@original`, { content: 'table' }, false)).status, 200);
      assert.equal((await call(sim, 'POST', `${hook}?wait=true`, { content: 'follow-up' }, false)).status, 200);
      assert.equal((await call(sim, 'GET', `${hook}/messages/@original`, undefined, false)).status, 200);
      assert.equal((await call(sim, 'DELETE', `${hook}/messages/@original`, undefined, false)).status, 204);
      const s = sim.rateLimits.stats();
      assert.equal(s.exempt, 5);
      assert.equal(s.globallyLimited, 51);
      assert.equal(s.global429, 1);
      assert.equal(i.response?.deleted, true, 'the original was edited, then deleted');
      assert.equal(i.followUps[0]?.content, 'follow-up');
    });
  });

  describe('a per-route bucket', () => {
    let sim: DiscordSim;
    before(async () => {
      sim = await DiscordSim.start({
        rateLimits: { global: false, buckets: [{ method: 'POST', route: '/channels/:id/messages', limit: 2, windowMs: 400 }] },
      });
    });
    after(async () => sim.stop());

    it('sends X-RateLimit-* headers, 429s the third request in the window, per channel', async () => {
      const g = sim.createGuild({ name: 'g' });
      const a = sim.createTextChannel(g.id, 'a');
      const b = sim.createTextChannel(g.id, 'b');
      const r1 = await call(sim, 'POST', `/channels/${a.id}/messages`, { content: '1' });
      const r2 = await call(sim, 'POST', `/channels/${a.id}/messages`, { content: '2' });
      const r3 = await call(sim, 'POST', `/channels/${a.id}/messages`, { content: '3' });
      assert.deepEqual([r1.status, r2.status, r3.status], [200, 200, 429]);
      assert.equal(r1.headers.get('x-ratelimit-limit'), '2');
      assert.equal(r1.headers.get('x-ratelimit-remaining'), '1');
      assert.equal(r2.headers.get('x-ratelimit-remaining'), '0');
      const bucket = r1.headers.get('x-ratelimit-bucket');
      assert.match(bucket ?? '', /^[0-9a-f]{32}$/);
      assert.equal(r2.headers.get('x-ratelimit-bucket'), bucket);
      const resetAfter = Number(r1.headers.get('x-ratelimit-reset-after'));
      assert.ok(resetAfter > 0 && resetAfter <= 0.4, `Reset-After ${resetAfter}`);
      const reset = Number(r1.headers.get('x-ratelimit-reset'));
      assert.ok(Math.abs(reset * 1000 - (Date.now() + resetAfter * 1000)) < 400, 'Reset is an epoch time in seconds');
      assert.equal(r1.headers.get('x-ratelimit-scope'), null, 'X-RateLimit-Scope only on 429');
      assert.equal(r3.headers.get('x-ratelimit-scope'), 'user');
      assert.equal(r3.headers.get('x-ratelimit-global'), null);
      const body = (await r3.json()) as { global: boolean; retry_after: number };
      assert.equal(body.global, false);
      assert.ok(body.retry_after > 0 && body.retry_after <= 0.4);
      assert.equal(sim.allMessages(a.id).length, 2, 'the limited message was not posted');
      // Another channel is another bucket (the channel id is the major parameter) with the same bucket id.
      const rb = await call(sim, 'POST', `/channels/${b.id}/messages`, { content: 'b' });
      assert.equal(rb.status, 200);
      assert.equal(rb.headers.get('x-ratelimit-bucket'), bucket);
      await new Promise((res) => setTimeout(res, body.retry_after * 1000 + 20));
      assert.equal((await call(sim, 'POST', `/channels/${a.id}/messages`, { content: '4' })).status, 200);
      const s = sim.rateLimits.stats();
      assert.equal(s.routes['POST /channels/:id/messages']!.requests, 5);
      assert.equal(s.routes['POST /channels/:id/messages']!.rateLimited, 1);
    });

    it('discord.js reads the headers and queues: 6 sends in a 2-per-400 ms bucket, no 429', async () => {
      const g = sim.createGuild({ name: 'h' });
      const ch = sim.createTextChannel(g.id, 'games');
      const bot = await connectClient(sim);
      try {
        sim.rateLimits.reset();
        const channel = await bot.client.channels.fetch(ch.id);
        assert.ok(channel?.isSendable());
        const start = Date.now();
        await Promise.all([1, 2, 3, 4, 5, 6].map((n) => channel.send(`m${n}`)));
        const took = Date.now() - start;
        assert.deepEqual(
          sim.allMessages(ch.id).map((m) => m.content),
          ['m1', 'm2', 'm3', 'm4', 'm5', 'm6'],
        );
        assert.equal(sim.rateLimits.stats().sent429, 0);
        assert.ok(took >= 750, `two waits for the bucket to reset (took ${took} ms)`);
      } finally {
        await bot.destroy();
      }
    });
  });

  it("'observed' adds the commonly observed per-route figures: 5 messages per 5 s per channel", async () => {
    const sim = await DiscordSim.start({ rateLimits: 'observed' });
    try {
      const g = sim.createGuild({ name: 'g' });
      const ch = sim.createTextChannel(g.id, 'games');
      const answers: Response[] = [];
      for (let n = 0; n < 6; n++) answers.push(await call(sim, 'POST', `/channels/${ch.id}/messages`, { content: `m${n}` }));
      assert.deepEqual(
        answers.map((r) => r.status),
        [200, 200, 200, 200, 200, 429],
      );
      assert.equal(answers[0]!.headers.get('x-ratelimit-limit'), '5');
      assert.ok(Number(answers[5]!.headers.get('retry-after')) > 4);
      // By default the same burst passes: every route allows 50/s, only the global limit binds.
      const plain = await DiscordSim.start();
      try {
        const g2 = plain.createGuild({ name: 'g' });
        const ch2 = plain.createTextChannel(g2.id, 'games');
        const r = [];
        for (let n = 0; n < 6; n++) r.push((await call(plain, 'POST', `/channels/${ch2.id}/messages`, { content: `m${n}` })).status);
        assert.deepEqual(r, [200, 200, 200, 200, 200, 200]);
        assert.equal((await call(plain, 'GET', '/users/@me')).headers.get('x-ratelimit-limit'), '50');
      } finally {
        await plain.stop();
      }
    } finally {
      await sim.stop();
    }
  });

  it('rateLimits: false turns both off (no headers)', async () => {
    const sim = await DiscordSim.start({ rateLimits: false });
    try {
      const answers = await Promise.all(Array.from({ length: 60 }, () => call(sim, 'GET', '/users/@me')));
      assert.ok(answers.every((r) => r.status === 200));
      assert.equal(answers[0]!.headers.get('x-ratelimit-limit'), null);
    } finally {
      await sim.stop();
    }
  });
});
