/**
 * The logger keeps interaction tokens out of every field of a line, not only `err`/`error`
 * (src/config/logger.ts `redactLine`): discord.js's `rateLimited` info, logged whole, held a
 * follow-up's token in its `url` and, bare (`<application id>/<token>`), in its `majorParameter`.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createLogger, redactTokens } from '../../src/config/logger.js';

const TOKEN = 'aW50ZXJhY3Rpb246MTU3OTEzNjg0NjQ5ODIzNDM2ODoxN2N6UUNOcHZiaTVUd1ZZSVJfNlpYWDJ6d0Q2ZGhi';
const APP = '1579136833898545152';

/** The production logger (JSON lines) at `level`, its lines written into the array returned. */
function logger(level = 'debug') {
  const lines: string[] = [];
  return { log: createLogger(level, false, {}, { write: (s: string) => void lines.push(s) }), lines };
}

test("a bare '<application id>/<token>' (a webhook route's majorParameter) is redacted; paths and ids are not", () => {
  assert.equal(redactTokens(`${APP}/${TOKEN}`), `${APP}/[token]`);
  assert.equal(redactTokens(`major ${APP}/${TOKEN} here`), `major ${APP}/[token] here`);
  // @discordjs/rest templates a webhook's token in its bucket route, not an interaction callback's.
  assert.equal(redactTokens(`/interactions/:id/${TOKEN}/callback`), '/interactions/:id/[token]/callback');
  for (const kept of [
    '/webhooks/:id/:token/messages/%40original',
    '/data/backups/shard-1/hoiquan-20261201T101500Z.db',
    '/tmp/hq-e2e-123456/12345678/hoiquan-20261201T101500Z.db',
    `guild ${APP} channel ${APP}`,
    'g:abc123:0:act:2',
  ])
    assert.equal(redactTokens(kept), kept);
});

test('a token in any field of a line (nested too) or in its message is replaced; errors still serialize in full', () => {
  const { log, lines } = logger();
  const url = `http://127.0.0.1:4000/api/v10/webhooks/${APP}/${TOKEN}/messages/%40original`;
  log.warn(
    { info: { url, majorParameter: `${APP}/${TOKEN}`, route: '/webhooks/:id/:token/messages/%40original' }, list: [url] },
    'rate limited',
  );
  log.info(`editing ${url}`);
  log.error({ err: new Error(`PATCH ${url} failed`) }, 'edit failed');
  assert.equal(lines.length, 3);
  for (const l of lines) assert.ok(!l.includes(TOKEN), l);
  const [first, second, third] = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
  const info = first!.info as Record<string, string>;
  assert.equal(info.majorParameter, `${APP}/[token]`);
  assert.equal(info.url, `http://127.0.0.1:4000/api/v10/webhooks/${APP}/[token]/messages/%40original`);
  assert.equal(info.route, '/webhooks/:id/:token/messages/%40original');
  assert.deepEqual(first!.list, [info.url]);
  assert.match(String(second!.msg), /webhooks\/\d+\/\[token\]/);
  const err = third!.err as { message: string; stack: string; type: string };
  assert.equal(err.type, 'Error');
  assert.match(err.message, /\[token\]/);
  assert.match(err.stack, /logger-token-fields/);
});

test('a child logger redacts its fields too; numbers, booleans and objects of a class are left as they are', () => {
  const { log, lines } = logger('info');
  const child = log.child({ module: 'x' });
  const at = new Date(0);
  child.info({ n: 3, ok: true, at, path: `${APP}/${TOKEN}` }, 'x');
  const o = JSON.parse(lines[0]!) as Record<string, unknown>;
  assert.deepEqual([o.module, o.n, o.ok, o.at, o.path], ['x', 3, true, at.toISOString(), `${APP}/[token]`]);
});
