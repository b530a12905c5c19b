/** The README's invite URL asks for exactly the permissions the bot checks for (src/bot/permissions.ts). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { INVITE_PERMISSIONS, REQUIRED_PERMISSIONS } from '../../src/bot/permissions.js';
import { PRIVATE_THREAD_PERMISSIONS } from '../../src/bot/seat-channels.js';

test('the README invite URL carries the required permissions and those of private seat threads', () => {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const m = /oauth2\/authorize\?[^\s`]*permissions=(\d+)/.exec(readme);
  assert.ok(m, 'an invite URL with permissions');
  assert.equal(BigInt(m[1]!), INVITE_PERMISSIONS);
  for (const bit of [...Object.values(REQUIRED_PERMISSIONS), ...Object.values(PRIVATE_THREAD_PERMISSIONS)])
    assert.equal(INVITE_PERMISSIONS & bit, bit);
});
