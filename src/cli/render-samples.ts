/**
 * `npm run cli -- render`: plays a hand with the AI from a seed and draws, at a realistic mid-game
 * moment, the hand image of the seat to act and the table image; then the result image at the
 * end, and the sheet of every piece. Views only, exactly as the bot renders them.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GAMES } from '../table/manifests.js';
import { defaultOptions } from '../games/core/options.js';
import { handSeed } from '../games/core/rng.js';
import type { BaseAction, Decision, GameId, HandResult } from '../games/core/types.js';
import { langOf, translator } from '../table/i18n.js';
import { registerFonts, renderHand, renderResult, renderSheet, renderTable } from '../render/index.js';

export async function renderSamples(game: GameId, seed: string, out: string, locale: string): Promise<string[]> {
  registerFonts();
  mkdirSync(out, { recursive: true });
  const { engine, presenter } = GAMES[game];
  const lang = langOf(locale, 'vi');
  const seats = Math.min(4, engine.maxSeats);
  const names = ['Lan', 'Minh', 'Hùng', 'Mai', 'Quân', 'Thảo'].slice(0, seats);
  const pc = { lang, t: translator(lang), names };
  const opts = defaultOptions(engine.options);
  let state = engine.setup(opts, seats, handSeed(seed, 0), null);
  const files: string[] = [];
  const write = (name: string, data: Buffer) => {
    const f = join(out, `${game}-${name}.png`);
    writeFileSync(f, data);
    files.push(f);
  };
  let drawnMid = false;
  for (let step = 0; step < 5000 && !engine.result(state); step++) {
    const d = (engine.pending(state) as Decision<BaseAction>[])[0]!;
    if (!drawnMid && step >= 20 && d.kind === 'turn') {
      write('hand', renderHand(presenter.handModel(engine.view(state, d.seat), d.seat, d.options, pc)));
      write('table', renderTable(presenter.tableModel(engine.publicView(state), { ...pc, scores: names.map(() => '0') })));
      drawnMid = true;
    }
    const r = engine.apply(state, d.seat, engine.ai(state, d.seat));
    if (!r.ok) throw new Error(`AI move rejected: ${r.error.code}`);
    state = r.value;
  }
  const result = engine.result(state) as HandResult | null;
  if (!drawnMid) {
    write('table', renderTable(presenter.tableModel(engine.publicView(state), { ...pc, scores: names.map(() => '0') })));
  }
  if (result) write('result', renderResult(presenter.resultModel(engine.publicView(state), result, pc)));
  write('sheet', renderSheet(game, lang));
  return files;
}
