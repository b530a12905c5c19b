/**
 * The commands of `npm run cli -- <command>` (main.ts runs them): selfplay, duel, replay, score, render,
 * replay-db, backup, restore, move. Every failure prints one clear error line on stderr and exits
 * non-zero; only `move` writes game state (and `restore` puts a backup in a stopped bot's place).
 * `--help`, `-h` or `help` (also `<command> --help`, `help <command>`) prints the usage on stdout and
 * exits 0; no command at all is a usage error: the usage on stderr, exit 2.
 */
import {
  accessSync,
  chmodSync,
  chownSync,
  closeSync,
  constants,
  existsSync,
  openSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import { parseCli } from './args.js';
import { ensureDir } from './folders.js';
import { ENGINES, isGameId } from '../table/manifests.js';
import { resolveOptions } from '../games/core/options.js';
import { selfplay } from '../games/core/selfplay.js';
import { runScenario, type Scenario } from '../games/core/scenario.js';
import type { AnyEngine, GameId, TableSize } from '../games/core/types.js';
import { AI_LEVELS, isAiLevel, type AiLevel } from '../games/core/ai.js';

/** Each command's usage lines (continuations indented under the command), in the order `--help` lists them. */
const COMMAND_USAGE: Record<string, string[]> = {
  selfplay: ['selfplay --game <id> --hands N --seed S [--players P] [--preset NAME] [--json]'],
  duel: [
    'duel --game <id> --a LEVEL --b LEVEL --hands N --seed S [--players P] [--preset NAME] [--workers W] [--json]',
    `     (levels: ${AI_LEVELS.join(', ')}; each deal is played once per seating rotation)`,
  ],
  replay: ['replay <scenario.json>'],
  score: ['score --game <id>                 (reads one JSON hand or an array of hands on stdin)'],
  render: ['render --game <id> [--seed S] --out DIR [--locale vi|en|zh-TW] [--sheet]'],
  'replay-db': [
    "replay-db --db FILE --game-id ID  (replays a stored game's action log and prints its results)",
    'replay-db --db FILE --all         (replays every stored game; exit 1 if any differs, unless every',
    '                                   difference is a hand played before a rule fix that explains it)',
  ],
  backup: [
    'backup --db FILE --out FILE [--force]',
    '                                  (online backup, safe while the bot runs; --force replaces an',
    '                                   existing --out file, never the database itself)',
  ],
  restore: [
    'restore --from BACKUP --db FILE',
    '                                  (stop the bot first: puts a checked copy of BACKUP at FILE; the',
    '                                   database there is kept beside it, renamed)',
  ],
  move: [
    'move --db FILE --game-id ID --seat S --action JSON [--ver N]',
    '                                  (plays one move at a stored table through the table layer, with',
    '                                   its AI seats, deadlines and results; for a stopped bot: the bot',
    "                                   executes the step's effects when it starts)",
  ],
};

/** The usage of `cmd` alone, or of every command. */
function usage(cmd?: string): string {
  const cmds = cmd ? [cmd] : Object.keys(COMMAND_USAGE);
  return [
    `usage: npm run cli -- ${cmd ?? '<command>'} [options]`,
    ...cmds.flatMap((c) => COMMAND_USAGE[c]!.map((l) => `  ${l}`)),
    `games: ${Object.keys(ENGINES).join(', ')}`,
  ].join('\n');
}

class CliError extends Error {}

function fail(msg: string): never {
  throw new CliError(msg);
}

function gameArg(v: unknown): GameId {
  if (v === undefined) fail('--game is required');
  if (!isGameId(v)) fail(`unknown game "${String(v)}"; games: ${Object.keys(ENGINES).join(', ')}`);
  return v;
}

function intArg(v: unknown, name: string, min: number, max: number, dflt?: number): number {
  if (v === undefined) {
    if (dflt !== undefined) return dflt;
    fail(`--${name} is required`);
  }
  // Decimal digits only: Number() would also read "0x10" as 16, "1e3" as 1000 and " 5 " as 5.
  const n = typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) fail(`--${name} must be a whole number from ${min} to ${max}, got "${String(v)}"`);
  return n;
}

/** The engine's table size under the chosen rules (e.g. a classical tournament seats exactly 4). */
/**
 * `--players`, or without it 4 (at most the game's largest table), the table of the duel targets and
 * the benchmarks; under a preset, the table size its rules set (vn-mahjong `six-people` is 6: it holds
 * nothing but `player-count`, and was silently played by 4).
 */
function playersArg(v: unknown, engine: AnyEngine, size: TableSize, preset: boolean): number {
  return intArg(v, 'players', engine.minSeats, engine.maxSeats, preset ? size.default : Math.min(4, engine.maxSeats));
}

function checkTableSize(game: string, size: { min: number; max: number }, players: number): void {
  if (players < size.min || players > size.max)
    fail(
      `--players ${players}: ${game} under these rules is played by ${size.min === size.max ? size.min : `${size.min}–${size.max}`} players`,
    );
}

/** The text without a leading byte order mark (an editor's UTF-8 BOM; JSON.parse refuses it as an invisible "Unexpected token"). */
function withoutBom(text: string): string {
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}

type FsError = NodeJS.ErrnoException & { code: string; path: string };
const isFsError = (e: unknown): e is FsError => typeof (e as FsError)?.code === 'string' && typeof (e as FsError)?.path === 'string';

/**
 * A file-system error as one line naming its file ("cannot create the folder /x: permission denied
 * (EACCES)"), not Node's "EACCES: permission denied, mkdir '/x'"; any other error's message.
 */
function fsProblem(e: unknown): string {
  if (!isFsError(e)) return (e as Error).message;
  const why = e.message.replace(/^[A-Z]+: /, '').replace(/, \w+ '.*'$/s, '');
  const doing = e.syscall === 'mkdir' ? 'cannot create the folder' : e.syscall === 'open' ? 'cannot write' : `cannot ${e.syscall ?? 'use'}`;
  return `${doing} ${e.path}: ${why} (${e.code})`;
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function cmdSelfplay(argv: string[]): Promise<number> {
  const { values } = parseCli(argv, {
    game: { type: 'string' },
    hands: { type: 'string' },
    seed: { type: 'string' },
    players: { type: 'string' },
    preset: { type: 'string' },
    json: { type: 'boolean' },
  });
  const game = gameArg(values.game);
  const engine = ENGINES[game];
  const hands = intArg(values.hands, 'hands', 1, 10_000_000);
  const seed = seedArg(values.seed);
  const opts = resolveOptions(engine.options, {}, values.preset as string | undefined);
  if (!opts.ok) fail(opts.errors.map((e) => `${e.message} (allowed: ${e.allowed})`).join('; '));
  const size = engine.tableSize(opts.value);
  const players = playersArg(values.players, engine, size, values.preset !== undefined);
  checkTableSize(game, size, players);
  const t0 = performance.now();
  const rep = selfplay(engine, opts.value, players, seed, hands);
  const secs = (performance.now() - t0) / 1000;
  const out = {
    game,
    seed,
    players,
    hands,
    completed: rep.completed,
    won: rep.won,
    errors: rep.errors,
    invariantViolations: rep.invariantViolations,
    handsPerSecond: Math.round((hands / Math.max(secs, 1e-9)) * 10) / 10,
  };
  if (values.json) console.log(JSON.stringify(out));
  else {
    console.log(
      `${game}: ${rep.completed}/${hands} hands completed with ${players} players (${rep.won} won), ` +
        `${rep.errors} errors, ${rep.invariantViolations} invariant violations, ${out.handsPerSecond} hands/s`,
    );
  }
  for (const p of rep.problems) console.error(p);
  return rep.errors + rep.invariantViolations > 0 ? 1 : 0;
}

function seedArg(v: unknown): string {
  return typeof v === 'string' && v !== '' ? v : fail('--seed is required (a non-empty text)');
}

function levelArg(v: unknown, name: string): AiLevel {
  if (v === undefined) fail(`--${name} is required (${AI_LEVELS.join(', ')})`);
  if (!isAiLevel(v)) fail(`--${name} must be one of ${AI_LEVELS.join(', ')}, got "${String(v)}"`);
  return v;
}

async function cmdDuel(argv: string[]): Promise<number> {
  const { values } = parseCli(argv, {
    game: { type: 'string' },
    a: { type: 'string' },
    b: { type: 'string' },
    hands: { type: 'string' },
    seed: { type: 'string' },
    players: { type: 'string' },
    preset: { type: 'string' },
    workers: { type: 'string' },
    json: { type: 'boolean' },
  });
  const game = gameArg(values.game);
  const engine = ENGINES[game];
  const a = levelArg(values.a, 'a');
  const b = levelArg(values.b, 'b');
  // Two deals at least: the interval is taken over deals.
  const hands = intArg(values.hands, 'hands', 2, 1_000_000);
  const seed = seedArg(values.seed);
  const workers = intArg(values.workers, 'workers', 1, 64, 1);
  const preset = values.preset as string | undefined;
  const opts = resolveOptions(engine.options, {}, preset);
  if (!opts.ok) fail(opts.errors.map((e) => `${e.message} (allowed: ${e.allowed})`).join('; '));
  const size = engine.tableSize(opts.value);
  const players = playersArg(values.players, engine, size, preset !== undefined);
  checkTableSize(game, size, players);
  const { runDuel } = await import('./duel.js');
  const rep = await runDuel({ game, players, hands, seed, a, b, ...(preset ? { preset } : {}) }, workers);
  // The figures and their interval are taken over the deals compared: with fewer than two (every
  // other deal had a failed hand) the interval is no number (printed as "-Infinity … Infinity", or
  // null in --json). Exit 1 as for any failed hand, the failures listed first.
  if (rep.dealsCounted < 2) {
    for (const p of rep.problems) console.error(p);
    throw new Error(
      `only ${rep.dealsCounted} of ${hands} deals could be compared (${rep.errors} hands failed): too few for the figures and their 95% interval`,
    );
  }
  if (values.json) console.log(JSON.stringify(rep));
  else {
    const p = rep.perHand;
    console.log(
      `${game} ${players}p, ${rep.dealsCounted < hands ? `${rep.dealsCounted} of ${hands}` : hands} deals × ${players} rotations: ` +
        `${a} ${p.a} vs ${b} ${p.b} per hand, ` +
        `diff ${p.diff} (95% CI ${p.ci95[0]} … ${p.ci95[1]}), win rate ${rep.winRate.a} vs ${rep.winRate.b}, ` +
        `draws ${rep.drawRate}, decision ms mean ${rep.meanDecisionMs.a}/${rep.meanDecisionMs.b} p99 ${rep.p99DecisionMs.a}/${rep.p99DecisionMs.b}`,
    );
  }
  for (const p of rep.problems) console.error(p);
  return rep.errors > 0 ? 1 : 0;
}

async function cmdReplay(argv: string[]): Promise<number> {
  const { positionals } = parseCli(argv, {}, 1);
  const file = positionals[0] ?? fail('replay needs a scenario file: npm run cli -- replay path/to/scenario.json');
  let sc: Scenario;
  try {
    sc = JSON.parse(withoutBom(readFileSync(file, 'utf8'))) as Scenario;
  } catch (e) {
    fail(`cannot read scenario ${file}: ${(e as Error).message}`);
  }
  if (!sc || typeof sc !== 'object' || Array.isArray(sc)) fail(`${file}: a scenario must be a JSON object`);
  // The scenario's own fields are named (not the command's flags): `--game` is no flag of replay.
  const games = Object.keys(ENGINES).join(', ');
  if (sc.game === undefined) fail(`${file}: "game" is required (games: ${games})`);
  if (!isGameId(sc.game)) fail(`${file}: unknown "game" ${JSON.stringify(sc.game)}; games: ${games}`);
  const game = sc.game;
  const engine = ENGINES[game];
  if (!Number.isInteger(sc.seats)) fail(`${file}: "seats" must be a whole number`);
  if (sc.preset !== undefined && typeof sc.preset !== 'string') fail(`${file}: "preset" must be a text`);
  const opts = resolveOptions(engine.options, sc.options ?? {}, sc.preset);
  if (!opts.ok) fail(`${file}: ${opts.errors.map((e) => `${e.message} (allowed: ${e.allowed})`).join('; ')}`);
  if (!sc.start || typeof sc.start !== 'object' || Array.isArray(sc.start)) fail(`${file}: "start" is required (an object)`);
  if (!Array.isArray(sc.steps)) fail(`${file}: "steps" must be an array`);
  const rep = runScenario(engine, sc);
  console.log(JSON.stringify(rep, null, 2));
  return rep.passed ? 0 : 1;
}

async function cmdScore(argv: string[]): Promise<number> {
  const { values } = parseCli(argv, { game: { type: 'string' } });
  const game = gameArg(values.game);
  const score = ENGINES[game].cli?.score ?? fail(`the game ${game} has no score command`);
  const text = await readStdin();
  let input: unknown;
  try {
    input = JSON.parse(withoutBom(text));
  } catch (e) {
    fail(`stdin is not valid JSON: ${(e as Error).message}`);
  }
  const out = score(input);
  console.log(JSON.stringify(out, null, 2));
  const invalid = Array.isArray(out)
    ? out.some((o) => (o as { valid?: boolean })?.valid === false)
    : (out as { valid?: boolean })?.valid === false;
  return invalid ? 1 : 0;
}

async function cmdRender(argv: string[]): Promise<number> {
  const { values } = parseCli(argv, {
    game: { type: 'string' },
    seed: { type: 'string' },
    out: { type: 'string' },
    locale: { type: 'string' },
    sheet: { type: 'boolean' },
  });
  const game = gameArg(values.game);
  const seed = values.seed === undefined ? 'sample' : seedArg(values.seed);
  const out = typeof values.out === 'string' && values.out !== '' ? values.out : fail('--out DIR is required');
  const { LANGS } = await import('../table/i18n.js');
  const locale = (values.locale as string | undefined) ?? 'vi';
  if (!(LANGS as readonly string[]).includes(locale)) fail(`--locale must be one of ${LANGS.join(', ')}, got "${locale}"`);
  const { renderSamples } = await import('./render-samples.js');
  // A folder that cannot be made (a file in its way, no permission) is bad input (exit 2), said before any drawing.
  try {
    ensureDir(out);
  } catch (e) {
    fail(fsProblem(e));
  }
  if (!mayWrite(out)) fail(`--out ${out}: this user may not write in that folder`);
  let files: string[];
  try {
    files = await renderSamples(game, seed, out, locale, { sheet: values.sheet === true });
  } catch (e) {
    // An image that cannot be written (a read-only folder): the file named, not Node's "EACCES: …, open '…'".
    throw isFsError(e) ? new Error(fsProblem(e), { cause: e }) : e;
  }
  for (const f of files) console.log(f);
  return 0;
}

async function cmdReplayDb(argv: string[]): Promise<number> {
  const { values } = parseCli(argv, { db: { type: 'string' }, 'game-id': { type: 'string' }, all: { type: 'boolean' } });
  const path = typeof values.db === 'string' && values.db !== '' ? values.db : fail('--db FILE is required');
  // Either one game or all of them: with both, one of the two would be ignored.
  if (values.all && values['game-id'] !== undefined) fail('give --game-id ID or --all, not both');
  const id = values.all ? null : typeof values['game-id'] === 'string' ? values['game-id'] : fail('--game-id or --all is required');
  if (!existsSync(path)) fail(`no database at ${path}`);
  // A file that is not ours (or of another schema) is refused in one line, and reading it leaves
  // no -wal/-shm files beside it.
  const { dbProblem, tidySideFiles } = await import('./move-db.js');
  const problem = dbProblem(path, id, 'replay-db');
  if (problem) fail(problem);
  const { replayStoredGame, replayAllGames, replaySummary } = await import('./replay-db.js');
  if (id === null) {
    const all = tidySideFiles(path, () => replayAllGames(path));
    console.log(JSON.stringify(all, null, 2));
    console.error(replaySummary(all));
    return all.every((g) => g.explained) ? 0 : 1;
  }
  const out = tidySideFiles(path, () => replayStoredGame(path, id));
  console.log(JSON.stringify(out, null, 2));
  return out.explained ? 0 : 1;
}

/**
 * What is wrong with the shape of `action` for a seat whose legal actions are `options`, or null:
 * a field no legal action of its type has, a field they all have that it lacks, or a value of
 * another kind (text, number, list, object) than theirs. An action type the seat cannot play now
 * is left to the engine, which says why.
 */
export function actionShapeProblem(action: { type: string }, options: readonly { type: string }[]): string | null {
  const same = options.filter((o) => o.type === action.type) as unknown as Record<string, unknown>[];
  if (!same.length) return null;
  const a = action as unknown as Record<string, unknown>;
  const known = [...new Set(same.flatMap((o) => Object.keys(o)))];
  const example = JSON.stringify(same[0]);
  const extra = Object.keys(a).filter((k) => !known.includes(k));
  if (extra.length) return `--action: a "${action.type}" action has no field ${extra.join(', ')} (e.g. ${example})`;
  const missing = known.filter((k) => same.every((o) => k in o) && !(k in a));
  if (missing.length) return `--action: a "${action.type}" action needs ${missing.join(', ')} (e.g. ${example})`;
  const kind = (v: unknown) => (Array.isArray(v) ? 'list' : v === null ? 'null' : typeof v);
  for (const k of Object.keys(a)) {
    const kinds = new Set(same.filter((o) => k in o).map((o) => kind(o[k])));
    if (!kinds.has(kind(a[k]))) return `--action: ${k} must be a ${[...kinds].join(' or ')} (e.g. ${example})`;
  }
  return null;
}

/**
 * Why `action` is no move a click could make, or null: a click plays one of the seat's legal
 * actions (its view's options), but the engine also takes some actions outside them (Phỏm's
 * `leave`, which the table's Leave seat button plays after its own checks, e.g. never the last
 * player). Such an action the engine would accept is refused; one it refuses is left to `act`,
 * which says why. Engines are pure: the trial changes nothing.
 */
function outsideTheView(
  engine: AnyEngine,
  state: unknown,
  seat: number,
  action: { type: string },
  options: readonly { type: string }[],
): string | null {
  if (options.some((o) => o.type === action.type) || !engine.apply(state, seat, action).ok) return null;
  const types = [...new Set(options.map((o) => o.type))];
  const leave = action.type === engine.seating?.leave?.type ? "; a player leaves with the table's Leave seat button" : '';
  return `--action: a "${action.type}" action is not one of seat ${seat}'s moves now (${types.length ? `its moves: ${types.join(', ')}` : 'it has nothing to decide'})${leave}`;
}

async function cmdMove(argv: string[]): Promise<number> {
  const { values } = parseCli(argv, {
    db: { type: 'string' },
    'game-id': { type: 'string' },
    seat: { type: 'string' },
    action: { type: 'string' },
    ver: { type: 'string' },
  });
  const path = typeof values.db === 'string' && values.db !== '' ? values.db : fail('--db FILE is required');
  const gameId = typeof values['game-id'] === 'string' ? values['game-id'] : fail('--game-id is required');
  const seat = intArg(values.seat, 'seat', 0, 15);
  const ver = values.ver === undefined ? null : intArg(values.ver, 'ver', 0, 1_000_000_000);
  let action: unknown;
  try {
    action = JSON.parse(typeof values.action === 'string' ? values.action : fail('--action JSON is required'));
  } catch (e) {
    if (e instanceof CliError) throw e;
    fail(`--action is not valid JSON: ${(e as Error).message}`);
  }
  if (!action || typeof action !== 'object' || typeof (action as { type?: unknown }).type !== 'string')
    fail('--action must be a JSON action object with a "type", e.g. {"type":"discard","card":"7H"}');
  if (!existsSync(path)) fail(`no database at ${path}`);
  // Read-only first: a file that is not ours, an older schema or an unknown game is refused with
  // the file untouched (opening the store would switch it to WAL and run every migration on it).
  const { dbProblem, journalMode, restoreJournalMode } = await import('./move-db.js');
  const problem = dbProblem(path, gameId, 'move');
  if (problem) fail(problem);
  // Opened by a user who may not write it, the file is read-only to the store: the move cannot be
  // committed, the in-use check cannot lock it, and the -wal/-shm its connection makes stay beside it,
  // this user's, which the bot's user cannot write.
  if (!mayWrite(path)) fail(`${path} is not writable by this user; run move as the bot's user`);
  // The effects of the move (table edit, pings) are executed by the bot when it starts: a running
  // bot would not show the move, and its player would not be told to act.
  if (inUse(path)) fail(`${path} is in use (is the bot running?); stop it first: it executes the move's effects when it starts`);
  // A backup copy is not in WAL mode; the store switches it, so it is put back as it was after.
  const mode = journalMode(path);
  const { openStore } = await import('../store/index.js');
  const { tableStore } = await import('../table/store.js');
  const { act } = await import('../table/act.js');
  const { engineOf } = await import('../table/manifests.js');
  // The schema is current: opening the store applies no migration.
  const store = openStore(path, engineOf);
  // A snapshot that cannot be read is rebuilt from the log (store/games.ts): said on stderr.
  store.games.warn = (message) => process.stderr.write(`warning: ${message}\n`);
  try {
    // The action's shape against the seat's legal actions of its type: a field none of them takes
    // would be stored in the log as given, and a missing or mistyped one read by the engine as
    // "undefined is not in your hand".
    let loaded: ReturnType<ReturnType<typeof tableStore>['load']>;
    try {
      loaded = tableStore(store).load(gameId);
    } catch (e) {
      // A damaged row or log entry: the game is named (JSON.parse's or a TypeError's text alone does not).
      const msg = (e as Error).message;
      fail(`game "${gameId}" in ${path} cannot be loaded: ${e instanceof SyntaxError ? `a stored value is not valid JSON (${msg})` : msg}`);
    }
    const mine = loaded?.state
      ? (loaded.engine.pending(loaded.state) as { seat: number; options: object[] }[]).find((d) => d.seat === seat)
      : undefined;
    const shape = mine ? actionShapeProblem(action as { type: string }, mine.options as { type: string }[]) : null;
    if (shape) fail(shape);
    if (loaded?.state && loaded.row.status === 'running') {
      const outside = outsideTheView(
        loaded.engine,
        loaded.state,
        seat,
        action as { type: string },
        (mine?.options ?? []) as { type: string }[],
      );
      if (outside) fail(outside);
    }
    // The same authority path as a click: one load, the engine's judgement, AI seats, one commit.
    // Logged as a system move by user 'cli' (the log's source column allows player/timeout/ai/system).
    const r = act(
      tableStore(store),
      { kind: 'move', gameId, seat, action: action as { type: string }, ver, source: 'system', userId: 'cli' },
      Date.now(),
    );
    const refusal = r.outcome.refusal;
    if (!r.outcome.ok) {
      // Refused (nothing committed): one readable line, in English, with its i18n key.
      const { translator } = await import('../table/i18n.js');
      const { namedVars } = await import('../table/views.js');
      const key = refusal?.key ?? 'errors:refused';
      // Pieces named as the bot names them, with the code an operator types ("A♠ (AS)"); seats by player name.
      const t = r.table;
      const text = translator('en')(key, {
        ...(refusal?.vars && t ? namedVars(t, refusal.vars, 'en', true) : (refusal?.vars ?? {})),
        ...(refusal?.defaultValue !== undefined ? { defaultValue: refusal.defaultValue } : {}),
      });
      console.error(`error: move refused: ${text.replace(/\s*\n\s*/g, ' ')} [${key}]`);
      return 1;
    }
    const row = store.games.get(gameId);
    console.log(
      JSON.stringify({
        ok: r.outcome.ok,
        applied: r.outcome.applied,
        version: row?.version ?? null,
        status: row?.status ?? null,
        effects: r.effects.map((e) => e.kind),
      }),
    );
    return 0;
  } finally {
    store.close();
    restoreJournalMode(path, mode);
  }
}

/**
 * Where `p` really is: the real path of the file if it exists, else the real path of its folder and
 * its name (so `./x.db`, an absolute spelling or a symbolic link to the folder are the same file).
 */
function realish(p: string): string {
  const abs = resolve(p);
  try {
    return realpathSync(abs);
  } catch {
    try {
      return join(realpathSync(dirname(abs)), basename(abs));
    } catch {
      return abs;
    }
  }
}

/** The same file by identity (device and inode): a hard link or another spelling on a case-insensitive disk. */
function sameFile(a: string, b: string): boolean {
  try {
    const x = statSync(a);
    const y = statSync(b);
    return x.dev === y.dev && x.ino === y.ino;
  } catch {
    return false;
  }
}

async function cmdBackup(argv: string[]): Promise<number> {
  const { values } = parseCli(argv, { db: { type: 'string' }, out: { type: 'string' }, force: { type: 'boolean' } });
  const path = typeof values.db === 'string' && values.db !== '' ? values.db : fail('--db FILE is required');
  const out = typeof values.out === 'string' && values.out !== '' ? values.out : fail('--out FILE is required');
  // The backup writes `out.partial` (and SQLite its journal beside it), then renames it over `out`:
  // none of them may be the database or its -wal/-shm/-journal, under any spelling.
  const live = ['', '-wal', '-shm', '-journal'].map((x) => `${path}${x}`);
  const liveReal = live.map(realish);
  const written = ['', '.partial', '.partial-journal', '.partial-wal', '.partial-shm'].map((x) => `${out}${x}`);
  if (written.some((w) => liveReal.includes(realish(w)) || live.some((l) => sameFile(w, l))))
    fail('--out must differ from --db and its -wal/-shm files');
  // The backup is written to `out.partial` first, which replaces a file of that name: only with --force.
  if (existsSync(`${out}.partial`) && !values.force)
    fail(`${out}.partial exists (left by an interrupted backup?); remove it or add --force to replace it`);
  if (existsSync(out)) {
    if (statSync(out).isDirectory()) fail(`--out ${out} is a directory; give the backup file's name`);
    if (!values.force) fail(`--out ${out} exists; add --force to replace it`);
    // A -wal or hot journal beside `out` belongs to a database in use there: SQLite would apply it
    // to the new file and corrupt it.
    for (const x of ['-wal', '-journal'])
      if (existsSync(`${out}${x}`)) fail(`--out ${out} has a ${x} file beside it (a database in use?); choose another file`);
  }
  // A typo in --db must not "succeed" (SQLite opens an empty file as an empty database). Any schema
  // version is backed up: a backup is what one takes before an upgrade migrates the file. A hot
  // journal (a writer stopped mid-commit) is rolled back first, as the copy's read-write connection would.
  const { notOurDatabase, tidySideFilesAfter } = await import('./move-db.js');
  const notOurs = notOurDatabase(path, { rollBack: true });
  if (notOurs) fail(notOurs);
  // Where the copy goes, checked first: SQLite's "unable to open database file" names no file, and
  // store/backup.ts's recursive mkdir never returns under /proc.
  try {
    ensureDir(dirname(out));
    closeSync(openSync(`${out}.partial`, 'w'));
    rmSync(`${out}.partial`);
  } catch (e) {
    fail(`--out ${out}: ${fsProblem(e)}`);
  }
  const { backupFile } = await import('../store/backup.js');
  // The copy's connection (a child process's) leaves a -wal/-shm beside the database as any reader
  // does: removed as the checks' are.
  const r = await tidySideFilesAfter(path, () => backupFile(path, out)).catch((e: unknown) => {
    // Nothing half-written stays behind (the backup leaves `out` itself untouched until its rename).
    for (const x of ['.partial', '.partial-journal']) {
      try {
        rmSync(`${out}${x}`, { force: true });
      } catch {
        // not a file we wrote (e.g. a directory of that name): left as it is
      }
    }
    // An integrity report lists up to 100 problems, one a line: the first few make the error line.
    const lines = String((e as Error).message).split('\n');
    return fail(lines.length > 3 ? `${lines.slice(0, 3).join(' ')} (and ${lines.length - 3} more lines)` : lines.join(' '));
  });
  console.log(JSON.stringify(r));
  return 0;
}

/** Whether this user may write the file `path`. */
function mayWrite(path: string): boolean {
  try {
    accessSync(path, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** Whether another connection (a running bot) holds the database open: an exclusive lock is refused. */
function inUse(path: string): boolean {
  let db: InstanceType<typeof Database> | null = null;
  try {
    db = new Database(path, { fileMustExist: true, timeout: 0 });
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
    db.exec('COMMIT');
    return false;
  } catch (e) {
    return (e as { code?: string }).code?.startsWith('SQLITE_BUSY') ?? false;
  } finally {
    db?.close();
  }
}

/**
 * Restores a backup: a copy of it is made and checked (integrity, one self-contained file) beside
 * `--db`, then the database there moves aside (`<db>.before-restore-<time>`; the in-use check opened
 * and closed it, which folds a crashed bot's -wal into it, so nothing is lost), and the copy takes
 * its place. Copying a backup over
 * the file by hand leaves a crashed bot's -wal beside it, which SQLite would replay onto the backup.
 */
async function cmdRestore(argv: string[]): Promise<number> {
  const { values } = parseCli(argv, { from: { type: 'string' }, db: { type: 'string' } });
  const from = typeof values.from === 'string' && values.from !== '' ? values.from : fail('--from BACKUP is required');
  const db = typeof values.db === 'string' && values.db !== '' ? values.db : fail('--db FILE is required');
  if (realish(from) === realish(db) || sameFile(from, db)) fail('--from and --db are the same file');
  const { notOurDatabase, restoreProblem } = await import('./move-db.js');
  const notOurs = notOurDatabase(from);
  if (notOurs) fail(notOurs);
  // A backup a later version made: this version's bot refuses to open it (store/db.ts `migrate`).
  const problem = restoreProblem(from);
  if (problem) fail(problem);
  if (existsSync(db) && statSync(db).isDirectory()) fail(`--db ${db} is a directory; give the database file's name`);
  // The restored file takes the owner and mode of the one it replaces: made by root (sudo, `docker
  // exec -u root`) it would be root's, and the bot's own user could no longer write its database.
  // Only root can give a file away: another user's database is refused rather than left as this user's.
  const before = existsSync(db) ? statSync(db) : null;
  const uid = process.getuid?.();
  if (before && uid !== undefined && uid !== 0 && before.uid !== uid)
    fail(
      `${db} belongs to another user (uid ${before.uid}): run restore as that user (the bot's) or as root, so the restored file stays the bot's`,
    );
  // A bot that has the file open would go on writing into the file moved aside.
  if (existsSync(db) && inUse(db)) fail(`${db} is in use (is the bot running?); stop it first`);
  const staged = `${db}.restoring`;
  const { backupFile } = await import('../store/backup.js');
  const dropStaged = () => {
    for (const x of ['', '.partial', '.partial-journal']) rmSync(`${staged}${x}`, { force: true });
  };
  const r = await backupFile(from, staged).catch((e: unknown) => {
    dropStaged();
    return fail(`${from} cannot be restored: ${String((e as Error).message).split('\n')[0]}`);
  });
  if (before) {
    try {
      keepOwner(staged, before);
    } catch (e) {
      dropStaged();
      throw new Error(`cannot give the restored copy the owner and mode of ${db}: ${fsProblem(e)}`, { cause: e });
    }
  }
  // Never over an earlier restore's files (two restores within a second): a free name, to the ms.
  const stamp = new Date().toISOString().replace(/[-:]/g, '');
  let aside = `${db}.before-restore-${stamp}`;
  for (let k = 2; ['', '-wal', '-shm', '-journal'].some((x) => existsSync(`${aside}${x}`)); k++)
    aside = `${db}.before-restore-${stamp}-${k}`;
  const kept: string[] = [];
  for (const x of ['', '-wal', '-shm', '-journal'])
    if (existsSync(`${db}${x}`)) {
      renameSync(`${db}${x}`, `${aside}${x}`);
      kept.push(`${aside}${x}`);
    }
  renameSync(staged, db);
  console.log(JSON.stringify({ restored: db, from, bytes: r.bytes, previous: kept }));
  return 0;
}

/**
 * Gives `file` the owner and permission bits of `was` (the file it replaces). A user who is not root
 * may not give a file away, nor to a group of which it is not a member: the group is then left as it is.
 */
function keepOwner(file: string, was: { uid: number; gid: number; mode: number }): void {
  try {
    chownSync(file, was.uid, was.gid);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') throw e;
  }
  chmodSync(file, was.mode & 0o7777);
}

const COMMANDS: Record<string, (argv: string[]) => Promise<number>> = {
  selfplay: cmdSelfplay,
  duel: cmdDuel,
  replay: cmdReplay,
  score: cmdScore,
  render: cmdRender,
  'replay-db': cmdReplayDb,
  backup: cmdBackup,
  restore: cmdRestore,
  move: cmdMove,
};

/** The ways of asking for help, as a command or as the command of `help`. */
const HELP = ['--help', '-h', 'help'];

async function main(argv: string[]): Promise<number> {
  const [cmd, ...rest] = argv;
  // No command is a usage error (stderr, exit 2); asking for help is not (stdout, exit 0).
  if (!cmd) {
    console.error(usage());
    return 2;
  }
  if (HELP.includes(cmd)) {
    // `help help`, `help --help`: help about help is the whole usage (it was "unknown command").
    const about = rest[0] !== undefined && HELP.includes(rest[0]) ? undefined : rest[0];
    if (about !== undefined && !Object.hasOwn(COMMAND_USAGE, about)) fail(unknownCommand(about));
    if (rest.length > 1) fail(`unexpected argument${rest.length > 2 ? 's' : ''}: ${rest.slice(1).join(' ')}`);
    console.log(usage(about));
    return 0;
  }
  // Own keys only: `constructor`, `toString` or `__proto__` are unknown commands, not Object.prototype's.
  const run = Object.hasOwn(COMMANDS, cmd) ? COMMANDS[cmd] : undefined;
  if (!run) fail(unknownCommand(cmd));
  // `<command> --help` / `-h` anywhere before a `--` prints that command's usage.
  const flags = rest.includes('--') ? rest.slice(0, rest.indexOf('--')) : rest;
  if (flags.includes('--help') || flags.includes('-h')) {
    console.log(usage(cmd));
    return 0;
  }
  return run(rest);
}

function unknownCommand(cmd: string): string {
  return `unknown command "${cmd}"; commands: ${Object.keys(COMMANDS).join(', ')}; see npm run cli -- --help`;
}

/**
 * Runs one CLI command line: its exit code, with every failure printed as one `error: …` line on
 * stderr (no stack): 2 for bad input (a CliError or a flag parseArgs refuses), 1 for anything else
 * (an AI or engine exception, an I/O error). main.ts is the process entry; tests call this directly.
 */
export async function runCli(argv: string[]): Promise<number> {
  try {
    return await main(argv);
  } catch (e) {
    // One line whatever the message holds (an engine's or SQLite's text may have several).
    const msg = (e instanceof Error ? e.message : String(e)).replace(/\s*\n\s*/g, ' ');
    console.error(`error: ${msg}`);
    return e instanceof CliError || (e as { code?: string })?.code?.startsWith?.('ERR_PARSE_ARGS') ? 2 : 1;
  }
}
