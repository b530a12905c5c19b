/**
 * `npm run cli -- render`: plays hands with the AI from a seed and, from the first hand that has
 * a winner, draws what the bot would post: at a realistic mid-game moment the hand image of the
 * seat to act (with its option keys) and the public table image, then the result image at the
 * end. Views only, exactly as the bot renders them (the README's samples in `docs/images/`).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GAMES } from '../table/manifests.js';
import { defaultOptions } from '../games/core/options.js';
import { handSeed } from '../games/core/rng.js';
import type { BaseAction, Decision, GameId, HandResult } from '../games/core/types.js';
import { langOf, translator } from '../table/i18n.js';
import { registerFonts, renderHand, renderResult, renderSheet, renderTable } from '../render/index.js';
import { ensureDir } from './folders.js';

/** How far into the hand the hand and table samples are taken (share of its decisions). */
const MID_FRACTION = 0.6;
/** Hands tried from the seed until one has a winner (a drawn hand makes a dull result sample). */
const MAX_HANDS = 12;

export async function renderSamples(
  game: GameId,
  seed: string,
  out: string,
  locale: string,
  o: { sheet?: boolean } = {},
): Promise<string[]> {
  ensureDir(out);
  registerFonts();
  const { engine, presenter } = GAMES[game];
  const lang = langOf(locale, 'vi');
  const seats = Math.min(4, engine.maxSeats);
  const names = ['Lan', 'Minh', 'Hùng', 'Mai', 'Quân', 'Thảo'].slice(0, seats);
  const pc = { lang, t: translator(lang), names };
  const tableCtx = { ...pc, scores: names.map(() => '0') };
  const opts = defaultOptions(engine.options);
  /** Plays hand `k` with the AI; `at(step, state, decision)` is called before each decision. */
  const play = (k: number, at?: (step: number, state: unknown, d: Decision<BaseAction>) => void) => {
    let state = engine.setup(opts, seats, handSeed(seed, k), null);
    let steps = 0;
    for (; steps < 5000 && !engine.result(state); steps++) {
      const d = (engine.pending(state) as Decision<BaseAction>[])[0]!;
      at?.(steps, state, d);
      const r = engine.apply(state, d.seat, engine.ai(state, d.seat));
      if (!r.ok) throw new Error(`AI move rejected: ${r.error.code}`);
      state = r.value;
    }
    return { state, steps, result: engine.result(state) as HandResult | null };
  };
  // the first hand with a winner (else the last one tried)
  let k = 0;
  let end = play(0);
  while (!end.result?.winners.length && k < MAX_HANDS - 1) end = play(++k);
  // replay it and take the hand and table samples at the first turn after 60 % of it
  const images: { hand?: Buffer; table?: Buffer; result?: Buffer } = {};
  const mid = Math.floor(end.steps * MID_FRACTION);
  play(k, (step, state, d) => {
    if (images.hand || step < mid || d.kind !== 'turn') return;
    const st = state as Parameters<typeof engine.view>[0];
    images.hand = renderHand(presenter.handModel(engine.view(st, d.seat), d.seat, d.options, pc));
    images.table = renderTable(presenter.tableModel(engine.publicView(st), tableCtx));
  });
  images.table ??= renderTable(presenter.tableModel(engine.publicView(end.state), tableCtx));
  if (end.result) images.result = renderResult(presenter.resultModel(engine.publicView(end.state), end.result, pc));
  const files: string[] = [];
  const write = (name: string, data: Buffer | undefined) => {
    if (!data) return;
    const f = join(out, `${game}-${name}.png`);
    writeFileSync(f, data);
    files.push(f);
  };
  write('table', images.table);
  write('hand', images.hand);
  write('result', images.result);
  if (o.sheet) write('sheet', renderSheet(game, lang));
  return files;
}
