/**
 * One test per rule-error class (phom.md; issue 2 "rule errors for every illegal move class").
 * Classes already shown by the §14 scenario files are listed in `SCENARIO_COVERED` and checked to
 * really appear there; the last test proves every error code is exercised somewhere.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deepFreeze } from '../../src/games/core/match.js';
import { SCENARIO_ROOT } from '../support/scenarios.js';
import { engine, type Action, type State } from '../../src/games/phom/index.js';
import { ERRORS } from '../../src/games/phom/actions.js';
import { opts, position, stateOf } from './helpers.js';

function rejects(s: State, seat: number, a: unknown, code: string): void {
  deepFreeze(s);
  const before = JSON.stringify(s);
  const r = engine.apply(s, seat, a as Action);
  assert.equal(r.ok, false, `expected ${code}, but ${JSON.stringify(a)} was accepted`);
  if (!r.ok) {
    assert.equal(r.error.code, code, r.error.message);
    assert.ok(r.error.message.length > 10);
    assert.ok(!r.error.message.includes('{{'), `unfilled placeholder in "${r.error.message}"`);
  }
  assert.equal(JSON.stringify(s), before);
}
const applyOk = (s: State, seat: number, a: Action): State => {
  const r = engine.apply(s, seat, a);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

const SCENARIO_COVERED = [
  'not-your-turn',
  'must-take',
  'already-took',
  'eat-wrong-card',
  'eat-no-phom',
  'eat-breaks-eaten',
  'card-not-in-hand',
  'discard-eaten',
  'discard-locked',
  'must-lay-down',
  'lay-down-not-phom',
  'lay-down-phom-left',
  'send-not-allowed',
  'send-own-meld',
  'send-not-fit',
];

test('errors shown by scenario files are really there', () => {
  const text = readdirSync(join(SCENARIO_ROOT, 'phom'))
    .map((f) => readFileSync(join(SCENARIO_ROOT, 'phom', f), 'utf8'))
    .join('\n');
  for (const reason of SCENARIO_COVERED) assert.ok(text.includes(`"phom/${reason}"`), reason);
});

test('hand-over: no action after the end', () => {
  rejects(stateOf('14-12-u-khan.json'), 0, { type: 'discard', card: 'AS' }, 'phom/hand-over');
});

test('bad-action and bad-seat', () => {
  const s = stateOf('14-01-arrangement.json');
  rejects(s, 0, { type: 'fly' }, 'phom/bad-action');
  rejects(s, 0, null, 'phom/bad-action');
  rejects(s, 7, { type: 'draw' }, 'phom/bad-seat');
  rejects(s, -1, { type: 'draw' }, 'phom/bad-seat');
});

test('seat-left and already-left (§11.3)', () => {
  const s = applyOk(stateOf('14-01-arrangement.json'), 2, { type: 'leave' });
  rejects(s, 2, { type: 'draw' }, 'phom/seat-left');
  rejects(s, 2, { type: 'leave' }, 'phom/already-left');
});

test('nothing-to-eat: only the previous turn’s discard is eatable', () => {
  rejects(stateOf('14-01-arrangement.json'), 0, { type: 'eat', card: 'KC' }, 'phom/nothing-to-eat');
});

test('eat-in-tai: option tai-may-eat off', () => {
  const s = stateOf('14-05-variant-tai-eats-chot.json', { 'tai-may-eat': false });
  rejects(s, 1, { type: 'eat', card: 'JH' }, 'phom/eat-in-tai');
  assert.deepEqual(engine.pending(s)[0]!.options, [{ type: 'draw' }]);
});

test('not-lay-down-turn: laying down outside the lay-down turn', () => {
  const s = stateOf('14-04a-eaten-constraints.json', {}, 1);
  rejects(s, 2, { type: 'lay-down', melds: [['6S', '6C', '6D']] }, 'phom/not-lay-down-turn');
});

test('lay-down-not-in-hand and lay-down-overlap', () => {
  const s = stateOf('14-01-arrangement.json', {}, 2);
  rejects(s, 0, { type: 'lay-down', melds: [['9S', '9C', '9D']] }, 'phom/lay-down-not-in-hand');
  rejects(
    s,
    0,
    {
      type: 'lay-down',
      melds: [
        ['5H', '6H', '7H'],
        ['7H', '7C', '7D'],
      ],
    },
    'phom/lay-down-overlap',
  );
  rejects(s, 0, { type: 'lay-down', melds: 'all' }, 'phom/bad-action');
});

test('lay-down-eaten-left: the eaten card must be laid down (C3)', () => {
  const s = stateOf('14-05-variant-tai-eats-chot.json', {}, 1);
  rejects(s, 1, { type: 'lay-down', melds: [] }, 'phom/lay-down-eaten-left');
});

test('lay-down-two-eaten: never two eaten cards in one phỏm (C3)', () => {
  const s = position(
    {
      turn: 2,
      phase: 'take',
      lead: 0,
      hands: [
        ['AS', '2C', '3D', '5S', '8C', '10H', 'QS', 'KD', '9H'],
        ['AC', '2D', '4S', '5C', '9C', 'JD', 'QH', 'KS', '10S'],
        ['6C', '6S', '6D', '7D', '8D', '3H', 'JH', '2C', 'KC'].map((c) => (c === '2C' ? '2H' : c)),
        ['AD', '2S', '4C', '5D', '9S', 'JS', 'QC', 'KH', '10C'],
      ],
      rows: [
        ['3S', '4D', '7C'],
        ['8S', '4H', '6H'],
        ['3C', 'AH', '7S'],
        ['10D', 'JC', 'QD'],
      ],
      eaten: [[], [], ['6D'], []],
      lastDiscard: { seat: 1, card: '6H' },
    },
    4,
  );
  const t = applyOk(s, 2, { type: 'eat', card: '6H' });
  assert.equal(t.phase, 'lay-down');
  rejects(t, 2, { type: 'lay-down', melds: [['6S', '6C', '6D', '6H']] }, 'phom/lay-down-two-eaten');
});

test('lay-down-empty-hand: a card must stay for the discard; Ù is offered instead', () => {
  const s = position(
    {
      turn: 1,
      phase: 'take',
      hands: [
        ['AS', '2C', '3D', '5S', '8H', '10H', 'QC', 'KD', '9H'],
        ['2H', '3H', '4H', '8C', '8D', '8S', 'JS', 'QS', 'KS'],
        ['AC', '2D', '4S', '5C', '9C', 'JD', 'QH', '10C', '6S'],
      ],
      rows: [
        ['3S', '4D', '7C'],
        ['9S', '4C', '6H'],
        ['3C', 'AH', '7S'],
      ],
      stockTop: ['5H'],
    },
    3,
  );
  const t = applyOk(s, 1, { type: 'draw' });
  assert.deepEqual(engine.pending(t)[0]!.options[0], { type: 'u' });
  rejects(
    t,
    1,
    {
      type: 'lay-down',
      melds: [
        ['2H', '3H', '4H', '5H'],
        ['8S', '8C', '8D'],
        ['JS', 'QS', 'KS'],
      ],
    },
    'phom/lay-down-empty-hand',
  );
});

test('send-no-target and send-last-card', () => {
  const s = stateOf('14-14-u-by-sending-u-by-sending-off.json', {}, 3);
  rejects(s, 2, { type: 'send', card: '9D', target: 9 }, 'phom/send-no-target');
  const t = stateOf('14-14-u-by-sending-u-by-sending-off.json', {}, 7);
  assert.deepEqual(t.hands[2], ['AH']);
  rejects(t, 2, { type: 'send', card: 'AH', target: 2 }, 'phom/send-last-card');
});

test('no-u: declaring Ù without it', () => {
  rejects(stateOf('14-01-arrangement.json', {}, 2), 0, { type: 'u' }, 'phom/no-u');
  rejects(stateOf('14-01-arrangement.json'), 0, { type: 'u' }, 'phom/must-take');
});

test('bad-deck and bad-position: scenario starts are checked', () => {
  const o = opts();
  const deck = engine.fromScenario(o, 4, { deck: ['AS', 'AS'] });
  assert.equal(!deck.ok && deck.error.code, 'phom/bad-deck');
  const pos = engine.fromScenario(o, 2, { position: { turn: 0, hands: [['AS', 'AS'], []] } });
  assert.equal(!pos.ok && pos.error.code, 'phom/bad-position');
  const counts = engine.fromScenario(o, 2, { position: { turn: 1, hands: [['AS', '2S'], ['3S']] } });
  assert.ok(!counts.ok && /owns 2 cards, expected 9/.test(counts.error.message), !counts.ok ? counts.error.message : '');
  const uncovered = engine.fromScenario(o, 2, {
    position: {
      turn: 1,
      hands: [
        ['AS', '2C', '3D', '5S', '8H', '10H', 'QC', 'KD', '9H'],
        ['2H', '9D', '4H', '8C', '8D', '8S', 'JS', 'QS', 'KS'],
      ],
      eaten: [[], ['2H']],
    },
  });
  assert.ok(!uncovered.ok && /not coverable/.test(uncovered.error.message));
});

test('every error code is exercised by a test or a scenario', () => {
  const here = readdirSync(import.meta.dirname).map((f) => readFileSync(join(import.meta.dirname, f), 'utf8'));
  const scen = readdirSync(join(SCENARIO_ROOT, 'phom')).map((f) => readFileSync(join(SCENARIO_ROOT, 'phom', f), 'utf8'));
  const text = [...here, ...scen].join('\n');
  for (const reason of Object.keys(ERRORS))
    assert.ok(text.includes(`'phom/${reason}'`) || text.includes(`"phom/${reason}"`), `no test for phom/${reason}`);
});
