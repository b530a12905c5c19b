/**
 * Results speak the reader's language (issue #13 §5): every scoring item of every game has a name
 * and a unit in every locale, and the result lines of played hands never show a raw card/tile code
 * or an untranslated id ("ăn 8♠ của Minh", not "8S<-1").
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isFlowerLike } from '../../src/games/vn-mahjong/tiles.js';
import { GAMES } from '../../src/table/manifests.js';
import { LANGS, has, translator } from '../../src/table/i18n.js';
import { resolveOptions } from '../../src/games/core/options.js';
import { handSeed } from '../../src/games/core/rng.js';
import { detailText, CARD_CODE, TILE_CODE } from '../../src/table/present/common.js';
import type { AnyEngine, GameId, HandResult } from '../../src/games/core/types.js';
import { ITEM_IDS as PHOM_ITEMS } from '../../src/games/phom/scoring/items.js';
import { ITEM_IDS as CLASSIC_ITEMS } from '../../src/games/classic-mahjong/scoring/items.js';
import { ALL_CUOC_IDS } from '../../src/games/chan/scoring/items.js';
import { BASE_A, PRESET_B } from '../../src/games/vn-mahjong/scoring/items.js';

const STATIC_IDS: Record<GameId, readonly string[]> = {
  phom: PHOM_ITEMS,
  chan: ALL_CUOC_IDS,
  'vn-mahjong': [...BASE_A, ...PRESET_B].map((i) => i.id),
  'classic-mahjong': CLASSIC_ITEMS,
};

const RAW: Record<GameId, RegExp> = {
  phom: /(^|[^\w♠♣♦♥])(?:10|[2-9AJQK])[SHCD](?![\w])/,
  chan: /(^|[^\w])(?:[1-9][vns]|CC|LA|TH)(?![\w])/,
  'vn-mahjong': /(^|[^\w])(?:1[0-6]f|[1-9][mpszf]|J[A-Z])(?![\w])/,
  'classic-mahjong': /(^|[^\w])(?:1[0-6]f|[1-9][mpszf])(?![\w])/,
};

const NAMES = ['Lan', 'Minh', 'Hùng', 'Mai', 'Tú', 'Bảo'];

/** Played hands of each game under each preset, with the public view at the end. */
function playedHands(game: GameId, perPreset: number): { pub: unknown; r: HandResult }[] {
  const { engine } = GAMES[game];
  const out: { pub: unknown; r: HandResult }[] = [];
  const presets = [undefined, ...Object.keys((engine.options as { presets?: object }).presets ?? {})];
  for (const preset of presets) {
    const o = resolveOptions(engine.options, {}, preset);
    if (!o.ok) continue;
    const seats = engine.tableSize(o.value).default;
    for (let h = 0; h < perPreset; h++) {
      let s = engine.setup(o.value, seats, handSeed(`rt-${preset}`, h), null);
      for (let i = 0; i < 5000 && !engine.result(s); i++) {
        const d = engine.pending(s)[0]!;
        const a = engine.apply(s, d.seat, engine.ai(s, d.seat));
        assert.ok(a.ok);
        s = a.value;
      }
      const r = engine.result(s) as HandResult | null;
      if (r) out.push({ pub: engine.publicView(s), r });
    }
  }
  return out;
}

for (const game of Object.keys(GAMES) as GameId[]) {
  test(`${game}: every scoring item and unit has a name in every locale`, () => {
    const missing: string[] = [];
    for (const lang of LANGS)
      for (const id of STATIC_IDS[game]) if (!has(lang, `${game}:item.${id}`)) missing.push(`${lang} ${game}:item.${id}`);
    assert.deepEqual(missing, []);
  });

  test(`${game}: result lines of played hands show no raw code and no untranslated id`, () => {
    const { presenter } = GAMES[game];
    const problems = new Set<string>();
    for (const { pub, r } of playedHands(game, 40)) {
      for (const lang of LANGS) {
        const ctx = { lang, t: translator(lang), names: NAMES.slice(0, r.deltas.length) };
        const model = presenter.resultModel(pub, r, ctx);
        for (const it of r.items) {
          if (!has(lang, `${game}:item.${it.id}`)) problems.add(`${lang}: no name for item ${it.id}`);
          if (!has(lang, `${game}:unit.${it.unit}`) && !has(lang, `common:unit.${it.unit}`))
            problems.add(`${lang}: no name for unit ${it.unit}`);
        }
        for (const p of r.payments) if (!has(lang, `${game}:payment.${p.reason}`)) problems.add(`${lang}: no name for payment ${p.reason}`);
        for (const l of model.lines) {
          const text = `${l.label} ${l.value}`;
          if (RAW[game].test(text)) problems.add(`${lang}: raw code in "${text}"`);
        }
      }
    }
    assert.deepEqual([...problems].slice(0, 20), []);
  });
}

test('an item detail reads in words: pieces by name, "taken from" a seat, names never parsed', () => {
  const en = { lang: 'en' as const, t: translator('en'), names: ['KH', 'Minh'] };
  const cards = { code: CARD_CODE, name: (c: string) => `<${c}>` };
  assert.equal(detailText('8S<-1', en, cards), '<8S> from Minh');
  assert.equal(detailText('[5D 6D 7D] 6S', en, cards), '[<5D> <6D> <7D>] <6S>');
  assert.equal(detailText('AS<-0', en, cards), '<AS> from KH', 'a name that looks like a card stays a name');
  const vi = { lang: 'vi' as const, t: translator('vi'), names: ['Lan', 'Minh'] };
  assert.equal(detailText('8S<-1', vi, cards), '<8S> của Minh');
  const tiles = { code: TILE_CODE, name: (c: string) => `<${c}>` };
  // Equal pieces side by side: named once with their count (a screen reader read "8 Crak" three times).
  assert.equal(detailText('{4p4p4p4p}', en, tiles), '{<4p> ×4}');
  assert.equal(detailText('[5z5z5z] 1m 1m 2m', en, tiles), '[<5z> ×3] <1m> ×2 <2m>');
  // A count is never read on into the next code's digits.
  assert.equal(detailText('1m1m1m<-1', en, tiles), '<1m> ×2 <1m> from Minh');
  assert.equal(detailText('1f1f2f', en, tiles), '<1f> ×2 <2f>');
  assert.equal(detailText('5f6f7f8f', en, tiles), '<5f> <6f> <7f> <8f>');
  assert.equal(detailText('JN', en, tiles), '<JN>');
});

test('option keys are never card ranks or suits (a 10th key "A" read like an ace), nor mahjong wind letters', async () => {
  const { optionKey } = await import('../../src/table/present/types.js');
  const keys = Array.from({ length: 40 }, (_, i) => optionKey(i));
  assert.equal(new Set(keys).size, keys.length, 'keys are distinct');
  assert.deepEqual(keys.slice(0, 10), ['1', '2', '3', '4', '5', '6', '7', '8', '9', 'F']);
  // Nor Vietnamese initials: Bích/Bắc, Rô, Vạn (Chắn's suit), Cơ, Nhép/Tép, Đông/Tây/Nam.
  for (const k of keys) assert.doesNotMatch(k, /^[AJQKTSHDCIOEWNBRV]$/);
});

type InitialExpose = { type: string; jokers: string[]; keepFlower?: boolean };

/** Deals whose dealer holds exactly one bonus tile (it may keep it: vn-mahjong.md §4.3), with that decision. */
function* dealerMayKeep(n: number): Generator<{ s: unknown; seat: number; opts: InitialExpose[] }> {
  const { engine } = GAMES['vn-mahjong'];
  const o = resolveOptions(engine.options, {});
  assert.ok(o.ok);
  let found = 0;
  for (let h = 0; h < 300 && found < n; h++) {
    const s = engine.setup(o.value, 4, handSeed('vn-initial', h), null);
    for (const d of engine.pending(s)) {
      const opts = d.options as InitialExpose[];
      if (!opts.some((x) => x.type === 'initial-expose' && x.keepFlower)) continue;
      found++;
      yield { s, seat: d.seat, opts };
    }
  }
  assert.ok(found > 0, 'a dealer holding exactly one bonus tile was dealt');
}

test('Vietnamese mahjong opening exposure: no two options read alike (keepFlower is in the label)', () => {
  const { presenter } = GAMES['vn-mahjong'];
  for (const { opts } of dealerMayKeep(5)) {
    for (const lang of LANGS) {
      const ctx = { lang, t: translator(lang), names: NAMES.slice(0, 4) };
      const labels = opts.map((a) => presenter.actionLabel(a as never, ctx));
      assert.equal(new Set(labels).size, labels.length, `${lang}: ${labels.join(' | ')}`);
    }
  }
});

test('Vietnamese mahjong opening exposure on the hand view: the option that exposes the bonus tile says so', () => {
  const { engine, presenter } = GAMES['vn-mahjong'];
  for (const { s, seat, opts } of dealerMayKeep(3)) {
    const view = engine.view(s as never, seat) as { hand: string[] };
    const flowers = view.hand.filter(isFlowerLike);
    assert.equal(flowers.length, 1, 'the dealer may keep only a single bonus tile');
    const ctx = { lang: 'en' as const, t: translator('en'), names: NAMES.slice(0, 4), view };
    const flowerName = presenter.actionLabel({ type: 'discard', tile: flowers[0] } as never, ctx).replace(/^Discard /, '');
    const none = (keep: boolean) => opts.find((x) => x.jokers.length === 0 && !!x.keepFlower === keep)! as never;
    // Without a joker exposed, the dealer still exposes its bonus tile unless it keeps it (§4.3).
    assert.equal(presenter.actionLabel(none(false), ctx), `Expose no joker · expose bonus tile ${flowerName}`);
    assert.equal(presenter.actionLabel(none(true), ctx), 'Expose no joker · keep the bonus tile');
    // Without the view (a public notice), nothing of the hand is named.
    assert.equal(presenter.actionLabel(none(false), { ...ctx, view: undefined }), 'Expose no joker');
  }
});

test('Vietnamese mahjong: after the dealer kept its bonus tile, a second opening decision does not say it exposes it', () => {
  const { engine, presenter } = GAMES['vn-mahjong'];
  const o = resolveOptions(engine.options, {});
  assert.ok(o.ok);
  let checked = 0;
  for (let h = 0; h < 4000 && checked < 1; h++) {
    const s0 = engine.setup(o.value, 4, handSeed('kept', h), null);
    const d = engine.pending(s0).find((x) => x.seat === 0);
    // Keep the bonus tile and expose a joker: a joker drawn as its replacement asks the dealer again.
    const keep = (d?.options as InitialExpose[] | undefined)?.find((a) => a.type === 'initial-expose' && a.keepFlower && a.jokers.length);
    if (!keep) continue;
    const r = engine.apply(s0, 0, keep as never);
    assert.ok(r.ok);
    const d2 = engine.pending(r.value).find((x) => x.seat === 0 && (x.options[0] as InitialExpose | undefined)?.type === 'initial-expose');
    if (!d2) continue;
    checked++;
    const view = engine.view(r.value, 0) as { mustDiscard: string | null };
    assert.ok(view.mustDiscard, 'the kept tile is the first discard');
    const ctx = { lang: 'en' as const, t: translator('en'), names: NAMES.slice(0, 4), view };
    const kept = presenter.actionLabel({ type: 'discard', tile: view.mustDiscard } as never, ctx).replace(/^Discard /, '');
    for (const a of d2.options) assert.ok(!presenter.actionLabel(a, ctx).includes(kept), presenter.actionLabel(a, ctx));
  }
  assert.equal(checked, 1, 'a dealer kept its bonus tile and was asked again');
});

test('Vietnamese mahjong opening labels fit a button (80 characters) in every language', () => {
  const { engine, presenter } = GAMES['vn-mahjong'];
  const o = resolveOptions(engine.options, {});
  assert.ok(o.ok);
  for (let h = 0; h < 400; h++) {
    const s = engine.setup(o.value, 4, handSeed('vn-label-length', h), null);
    for (const d of engine.pending(s)) {
      const view = engine.view(s, d.seat);
      for (const lang of LANGS) {
        const ctx = { lang, t: translator(lang), names: NAMES.slice(0, 4), view };
        for (const a of d.options) {
          const label = presenter.actionLabel(a, ctx);
          assert.ok(label.length <= 80, `${lang}: ${label} (${label.length})`);
        }
      }
    }
  }
});

test('the result message counts each seat in the game’s unit, singular or plural by its amount (text and image alike)', async () => {
  const { rig } = await import('../support/table-rig.js');
  const { resultView, presentCtx } = await import('../../src/table/views.js');
  // The hand's deltas forced to +1 / −1 / +2 / −2 (the engine's own result otherwise).
  const forcing =
    (deltas: number[]) =>
    (real: AnyEngine): AnyEngine =>
      new Proxy(real, {
        get: (e, k) =>
          k === 'result'
            ? (s: unknown) => {
                const r = e.result(s as never) as HandResult | null;
                return r ? { ...r, deltas } : r;
              }
            : Reflect.get(e, k),
      });
  /** A table of one person and three AIs whose first hand has ended (the AI plays the person's timeouts). */
  const endedHand = (game: GameId, seed: string, deltas: number[]) => {
    const r = rig(game, ['human', 'ai', 'ai', 'ai'], { timeoutPolicy: 'ai', seed, engine: forcing(deltas) });
    r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
    for (let k = 0; k < 50 && !r.store.results.handsOf(r.gameId).length; k++) {
      const timer = r.store.timers.forGame(r.gameId)[0];
      if (!timer) break;
      r.clock.t = timer.deadline + 1;
      r.run({ kind: 'timeout', gameId: r.gameId, seat: timer.seat, timerKind: timer.kind });
    }
    return r.ts.load(r.gameId)!;
  };
  const want: Record<string, Record<'bet' | 'point', [string, string]>> = {
    en: { bet: ['× bet', '× bet'], point: ['point', 'points'] },
    vi: { bet: ['× cược', '× cược'], point: ['điểm', 'điểm'] },
    'zh-TW': { bet: ['× 注', '× 注'], point: ['分', '分'] },
  };
  for (const game of ['phom', 'classic-mahjong'] as const) {
    const t = endedHand(game, `units-${game}`, [1, -1, 2, -2]);
    const unit = game === 'phom' ? 'bet' : 'point';
    for (const lang of LANGS) {
      const v = resultView(t, lang, false);
      assert.ok(v, `${game}: the hand ended`);
      const [one, many] = want[lang]![unit];
      // the reader's punctuation ("：" in zh-TW) and names (an AI is "電腦 1" there)
      const colon = lang === 'zh-TW' ? '：' : ': ';
      const pc = presentCtx(t, lang);
      const amounts = [`+1 ${one}`, `-1 ${one}`, `+2 ${many}`, `-2 ${many}`];
      const lines = amounts.map((x, s) => `${pc.names[s]}${colon}${x}`);
      for (const l of lines) assert.ok(v.lines.includes(l), `${game} ${lang}: "${l}" in\n${v.lines.join('\n')}`);
      assert.deepEqual(
        v.model.totals.map((x) => x.delta),
        amounts,
        'the image says the same',
      );
    }
  }
  // Amounts in the reader's notation: vi "+1.234,5", en "+1,234.5".
  const t = endedHand('classic-mahjong', 'units-big', [1234.5, -1234.5, 0, 0]);
  assert.ok(resultView(t, 'vi', false)!.lines.includes(`${t.names[0]}: +1.234,5 điểm`));
  assert.ok(resultView(t, 'en', false)!.lines.includes(`${t.names[1]}: -1,234.5 points`));
});

test('a rule error names pieces and players, not codes and seat numbers ("10♥ is not in your hand", "Minh is playing")', async () => {
  const { rig } = await import('../support/table-rig.js');
  const { namedVars } = await import('../../src/table/views.js');
  const r = rig('phom', ['human', 'human', 'ai'], { seed: 'refusal-vars' });
  const t = r.ts.load(r.gameId)!;
  const pc = { lang: 'en' as const, t: translator('en'), names: t.names };
  const name = (c: string) => t.presenter.pieceName(c, pc as never);
  // Phỏm writes a lay-down's cards space-joined (rules.ts `cards: m.join(' ')`).
  const v = namedVars(t, { card: '10H', cards: 'AS 2S 3S', turn: 1, phase: 'draw', why: 'seat 1 has no 10H', count: 3 }, 'en');
  assert.equal(v.card, name('10H'));
  assert.notEqual(v.card, '10H');
  assert.equal(v.cards, ['AS', '2S', '3S'].map(name).join(' '));
  assert.equal(v.turn, t.names[1]);
  assert.deepEqual([v.phase, v.why, v.count], ['draw', 'seat 1 has no 10H', 3], 'anything else as it is');
  // A piece variable that is not one valid code is the player's own input: shown as typed.
  assert.deepEqual(namedVars(t, { card: 'AS2S' }, 'en'), { card: 'AS2S' });
  // The CLI keeps the code an operator types beside the name.
  assert.equal(namedVars(t, { card: '10H' }, 'en', true).card, `${name('10H')} (10H)`);
  const m = rig('classic-mahjong', ['human', 'ai', 'ai', 'ai'], { seed: 'refusal-vars' });
  const mt = m.ts.load(m.gameId)!;
  const mpc = { lang: 'vi' as const, t: translator('vi'), names: mt.names };
  assert.equal(namedVars(mt, { tile: '5p' }, 'vi').tile, mt.presenter.pieceName('5p', mpc as never));
  assert.notEqual(mt.presenter.pieceName('5p', mpc as never), '5p');
});

test('signed and plain amounts in the reader’s notation, never "-0"', async () => {
  const { signed, amount } = await import('../../src/table/present/common.js');
  assert.equal(signed(-0.004, 'vi'), '0');
  assert.equal(signed(1234.5, 'vi'), '+1.234,5');
  assert.equal(signed(-1234.5, 'en'), '-1,234.5');
  assert.equal(amount(3000, 'zh-TW'), '3,000');
  assert.equal(amount(-0.001, 'en'), '0');
});
