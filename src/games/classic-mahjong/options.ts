/** House-rule options of classical mahjong (classic-mahjong.md §13) and presets (§9.6). */
import type { OptionsSchema } from '../core/options.js';

export interface Options {
  preset: 'dmjl' | 'millington' | 'bradfield' | 'bmja';
  players: number;
  rotation: 'quick' | 'tournament';
  'match-rounds': number;
  'east-streak-limit': 'off' | '9' | '13';
  'dead-wall': 'replenished-14' | 'fixed-16' | 'fixed-14';
  'bonus-replacement-source': 'dead-wall' | 'live-wall';
  'use-bonus-tiles': boolean;
  'opening-kongs': boolean;
  'claim-timeout-seconds': number;
  'turn-timeout-seconds': number;
  'last-discard-claims': 'mahjong-only' | 'all';
  'robbing-kong': 'off' | 'added' | 'added-plus-orphans';
  'added-kong-tile': 'any' | 'drawn';
  'concealed-kong-tile': 'any' | 'drawn';
  'claimed-kong-concealed': boolean;
  'original-call': boolean;
  'mahjong-points': number;
  limit: number;
  'roof-off': boolean;
  'only-possible-excludes-visible': boolean;
  'three-scholars-no-chow': boolean;
  'hidden-treasure-self-drawn': boolean;
  'kajongg-quirks': boolean;
  'east-pays-double': boolean;
  'losers-settle': boolean;
  'discarder-pays-all': boolean;
  rounding: 'none' | 'nearest-10';
  'false-mahjong-penalty': 'off' | 'dmjl';
  'starting-balance': number;
}

export const OPTIONS: OptionsSchema<Options> = {
  fields: {
    preset: {
      type: 'enum',
      values: ['dmjl', 'millington', 'bradfield', 'bmja'],
      default: 'dmjl',
      spec: '§9.6',
      description: 'Scoring bundle: dmjl (Kajongg DMJL), millington, bradfield; bmja is not in v1 and scores as dmjl',
    },
    players: { type: 'int', min: 2, max: 4, default: 4, spec: '§3', description: 'Table size; tournaments need 4' },
    rotation: {
      type: 'enum',
      values: ['quick', 'tournament'],
      default: 'quick',
      spec: '§3',
      description: 'Dealer rotation: quick (the deal always passes) or tournament (East keeps the deal on a win or a draw)',
    },
    // §13: the default depends on `rotation` (1 quick / 4 tournament); the schema has no default
    // that depends on another option, so 0 stands for "by rotation" and `matchRounds` resolves it.
    'match-rounds': {
      type: 'int',
      min: 1,
      max: 4,
      also: [0],
      default: 0,
      spec: '§3, §13',
      description: 'Prevailing winds played in a match (0 = by rotation: 1 quick, 4 tournament)',
    },
    'east-streak-limit': {
      type: 'enum',
      values: ['off', '9', '13'],
      default: '9',
      spec: '§8.3',
      description: "Tournament: East's Nth straight win is a limit hand",
    },
    'dead-wall': {
      type: 'enum',
      values: ['replenished-14', 'fixed-16', 'fixed-14'],
      default: 'replenished-14',
      spec: '§4',
      description:
        'Dead wall: replenished-14 (seed: 14 tiles, topped up from the live wall to keep at least 13), fixed-16 / fixed-14 (Kajongg DMJL / BMJA: set aside at the deal, never refilled)',
    },
    'bonus-replacement-source': {
      type: 'enum',
      values: ['dead-wall', 'live-wall'],
      default: 'dead-wall',
      spec: '§4',
      description: 'Where replacements for flowers and seasons come from',
    },
    'use-bonus-tiles': { type: 'bool', default: true, spec: '§2', description: 'Play with flowers and seasons' },
    'opening-kongs': { type: 'bool', default: true, spec: '§4', description: 'Kongs may be declared during setup' },
    'claim-timeout-seconds': { type: 'int', min: 5, max: 120, default: 10, spec: '§6', description: 'Claim window in seconds' },
    'turn-timeout-seconds': { type: 'int', min: 15, max: 300, default: 60, spec: '§5', description: 'Turn / discard timeout in seconds' },
    'last-discard-claims': {
      type: 'enum',
      values: ['mahjong-only', 'all'],
      default: 'mahjong-only',
      spec: '§6',
      description: 'Which claims the last discard allows',
    },
    'robbing-kong': {
      type: 'enum',
      values: ['off', 'added', 'added-plus-orphans'],
      default: 'added-plus-orphans',
      spec: '§6',
      description: 'Robbing added kongs (and concealed ones for Thirteen Orphans)',
    },
    'added-kong-tile': {
      type: 'enum',
      values: ['any', 'drawn'],
      default: 'any',
      spec: '§7, §15 Q8',
      description:
        'Which tile may be added to an exposed pung: any matching concealed tile on your turn (Kajongg), or only the tile just drawn (seed)',
    },
    // Seed 004 says of the concealed kong what it says of the added one: 「並從四方城裡摸得第四張相同的牌時」
    // (the fourth tile drawn). Four held at the deal are the opening kong (§4.5), not this option.
    'concealed-kong-tile': {
      type: 'enum',
      values: ['any', 'drawn'],
      default: 'any',
      spec: '§5, §7',
      description:
        'Which four held tiles make a concealed kong on your turn: any four in your concealed hand (Kajongg), or only four completed by the tile just drawn (seed); opening kongs are unchanged',
    },
    'claimed-kong-concealed': {
      type: 'bool',
      default: true,
      spec: '§7',
      description: 'A kong claimed from a discard counts as concealed for doubles and limit hands',
    },
    'original-call': { type: 'bool', default: false, spec: '§9.5', description: 'Original Call may be declared with the first discard' },
    // §13: 10 or 20 only (Millington 10; Kajongg, Bradfield 20): the range is 10 alone, plus 20.
    'mahjong-points': {
      type: 'int',
      min: 10,
      max: 10,
      also: [20],
      default: 20,
      spec: '§9.3, §13',
      description: 'Points for going Mah Jong (10 or 20)',
    },
    limit: { type: 'int', min: 300, max: 5000, default: 500, spec: '§9.1', description: 'The limit' },
    'roof-off': { type: 'bool', default: false, spec: '§9.1', description: 'No cap on computed totals' },
    'only-possible-excludes-visible': {
      type: 'bool',
      default: false,
      spec: '§9.3',
      description: 'Fully visible tile kinds are not waits for "only possible tile"',
    },
    'three-scholars-no-chow': { type: 'bool', default: false, spec: '§8.3', description: 'Three Great Scholars forbids a chow' },
    'hidden-treasure-self-drawn': {
      type: 'bool',
      default: true,
      spec: '§8.3',
      description: 'Hidden Treasure needs a self-drawn winning tile',
    },
    'kajongg-quirks': {
      type: 'bool',
      default: true,
      spec: '§15 Q9',
      description: "Kajongg's Nine Gates, Imperial Jade and Squirming Snake checks",
    },
    'east-pays-double': { type: 'bool', default: true, spec: '§10', description: 'Payments involving East are doubled' },
    'losers-settle': { type: 'bool', default: true, spec: '§10', description: 'Losers pay each other the differences' },
    'discarder-pays-all': {
      type: 'bool',
      default: false,
      spec: '§10',
      description: 'The discarder of a dangerous winning tile (a limit hand with three exposed sets) pays for everybody',
    },
    rounding: { type: 'enum', values: ['none', 'nearest-10'], default: 'none', spec: '§10', description: 'Rounding of totals' },
    'false-mahjong-penalty': {
      type: 'enum',
      values: ['off', 'dmjl'],
      default: 'off',
      spec: '§11',
      description: 'Referee penalties (never needed: false claims are not offered)',
    },
    'starting-balance': { type: 'int', min: 0, max: 1000000, default: 0, spec: '§13', description: 'Balance at match start' },
  },
  presets: {
    dmjl: {},
    millington: { preset: 'millington', 'mahjong-points': 10, limit: 1000, 'east-streak-limit': '13', 'hidden-treasure-self-drawn': false },
    bradfield: {
      preset: 'bradfield',
      limit: 1000,
      'east-streak-limit': '13',
      'claimed-kong-concealed': false,
      'three-scholars-no-chow': true,
      'hidden-treasure-self-drawn': false,
      'only-possible-excludes-visible': true,
      'bonus-replacement-source': 'live-wall',
    },
    'roof-off': { 'roof-off': true },
    tournament: { rotation: 'tournament', 'match-rounds': 4 },
    // Seed 004 exactly as written where it speaks: no robbing the kong, no limit for East's ninth
    // win, an added or concealed kong only with the freshly drawn fourth tile, the others pay the winner.
    seed: {
      'robbing-kong': 'off',
      'east-streak-limit': 'off',
      'added-kong-tile': 'drawn',
      'concealed-kong-tile': 'drawn',
      'losers-settle': false,
    },
  },
  // §9.6, §13: the `preset` option is the scoring bundle: set alone (e.g. millington), it brings the
  // preset's values along, under the other options given; bmja has no bundle (scores as dmjl).
  bundles: ['preset'],
};

/**
 * Prevailing winds in a match (§3). `match-rounds` 0 (the default) follows §13's "1 (quick) / 4
 * (tournament)"; an explicit 1–4 wins over the rotation.
 */
export function matchRounds(o: Options): number {
  if (o['match-rounds'] > 0) return o['match-rounds'];
  return o.rotation === 'tournament' ? 4 : 1;
}
