/**
 * Scoring items as data (style.md §3; classic-mahjong.md §8.3, §9). One unit per item: points,
 * doubles or limit. `kajongg` names the rule of Kajongg's "Classical Chinese DMJL" ruleset that the
 * item mirrors (the default preset must agree with it on every hand, §1).
 */
export type ItemUnit = 'points' | 'doubles' | 'limit';
export type ItemScope = 'meld' | 'hand' | 'winner';

export interface ScoringItemDef {
  id: string;
  unit: ItemUnit;
  value: number;
  scope: ItemScope;
  spec: string;
  kajongg: string;
}

const P = (id: string, value: number, scope: ItemScope, spec: string, kajongg: string): ScoringItemDef => ({
  id,
  unit: 'points',
  value,
  scope,
  spec,
  kajongg,
});
const D = (id: string, value: number, scope: ItemScope, spec: string, kajongg: string): ScoringItemDef => ({
  id,
  unit: 'doubles',
  value,
  scope,
  spec,
  kajongg,
});
const L = (id: string, spec: string, kajongg: string): ScoringItemDef => ({ id, unit: 'limit', value: 1, scope: 'winner', spec, kajongg });

export const BASE_ITEMS: readonly ScoringItemDef[] = [
  // §9.2 basic points, every hand
  P('pung-exposed-simple', 2, 'meld', '§9.2', 'Exposed Pung'),
  P('pung-exposed-major', 4, 'meld', '§9.2', 'Exposed Pung of Terminals/Honors'),
  P('pung-concealed-simple', 4, 'meld', '§9.2', 'Concealed Pung'),
  P('pung-concealed-major', 8, 'meld', '§9.2', 'Concealed Pung of Terminals/Honors'),
  P('kong-exposed-simple', 8, 'meld', '§9.2', 'Exposed Kong'),
  P('kong-exposed-major', 16, 'meld', '§9.2', 'Exposed Kong of Terminals/Honors'),
  P('kong-concealed-simple', 16, 'meld', '§9.2', 'Concealed Kong'),
  P('kong-concealed-major', 32, 'meld', '§9.2', 'Concealed Kong of Terminals/Honors'),
  P('pair-dragons', 2, 'meld', '§9.2', 'Pair of Dragons'),
  P('pair-own-wind', 2, 'meld', '§9.2', 'Pair of Own Wind'),
  P('pair-round-wind', 2, 'meld', '§9.2', 'Pair of Round Wind'),
  P('flower', 4, 'meld', '§9.2', 'Flower'),
  P('season', 4, 'meld', '§9.2', 'Season'),
  // §9.3 points, winner only
  P('mahjong', 20, 'winner', '§9.3', 'Standard Mah Jongg'),
  P('last-tile-from-wall', 2, 'winner', '§9.3', 'Won with Last Tile Taken from Wall'),
  P('fishing-eyes-simple', 2, 'winner', '§9.3', 'Last Tile Completes Pair of 2..8'),
  P('fishing-eyes-major', 4, 'winner', '§9.3', 'Last Tile Completes Pair of Terminals or Honors'),
  P('only-possible', 2, 'winner', '§9.3', 'Last Tile is Only Possible Tile'),
  // §9.4 doubles, every hand
  D('pung-dragons', 1, 'meld', '§9.4', 'Pung/Kong of Dragons'),
  D('pung-own-wind', 1, 'meld', '§9.4', 'Pung/Kong of Own Wind'),
  D('pung-round-wind', 1, 'meld', '§9.4', 'Pung/Kong of Round Wind'),
  D('own-flower-own-season', 1, 'hand', '§9.4', 'Own Flower and Own Season'),
  D('all-flowers', 1, 'hand', '§9.4', 'All Flowers'),
  D('all-seasons', 1, 'hand', '§9.4', 'All Seasons'),
  D('three-concealed-pungs', 1, 'hand', '§9.4', 'Three Concealed Pongs'),
  D('little-three-dragons', 1, 'hand', '§9.4', 'Little Three Dragons'),
  D('big-three-dragons', 2, 'hand', '§9.4', 'Big Three Dragons'),
  D('little-four-winds', 1, 'hand', '§9.4', 'Little Four Joys'),
  D('big-four-winds', 2, 'hand', '§9.4', 'Big Four Joys'),
  // §9.5 doubles, winner only
  D('zero-point-hand', 1, 'winner', '§9.5', 'Zero Point Hand'),
  D('no-chow', 1, 'winner', '§9.5', 'No Chow'),
  D('concealed-hand', 1, 'winner', '§9.5', 'Only Concealed Melds'),
  D('one-suit-with-honours', 1, 'winner', '§9.5', 'False Color Game'),
  D('one-suit', 3, 'winner', '§9.5', 'True Color Game'),
  D('only-majors', 1, 'winner', '§9.5', 'Only Terminals and Honors'),
  D('loose-tile', 1, 'winner', '§9.5', 'Last Tile Taken from Dead Wall'),
  D('last-wall-tile', 1, 'winner', '§9.5', 'Last Tile is Last Tile of Wall'),
  D('last-discard', 1, 'winner', '§9.5', 'Last Tile is Last Tile of Wall Discarded'),
  D('robbing-kong', 1, 'winner', '§9.5', 'Robbing the Kong'),
  D('original-call', 1, 'winner', '§9.5', 'Mah Jongg with Original Call'),
  // §8.3 limit hands
  L('heaven', '§8.3', 'Blessing of Heaven'),
  L('earth', '§8.3', 'Blessing of Earth'),
  L('thirteen-orphans', '§8.3', 'Thirteen Orphans'),
  L('nine-gates', '§8.3', 'Nine Gates'),
  L('squirming-snake', '§8.3', 'Squirming Snake'),
  L('concealed-one-suit', '§8.3', 'Concealed True Color Game'),
  L('all-honours', '§8.3', 'Only Honors'),
  L('heads-and-tails', '§8.3', 'Heads and Tails'),
  L('hidden-treasure', '§8.3', 'Hidden Treasure'),
  L('fourfold-plenty', '§8.3', 'Fourfold Plenty'),
  L('three-great-scholars', '§8.3', 'Three Great Scholars'),
  L('four-blessings', '§8.3', 'Four Blessings Hovering over the Door'),
  L('imperial-jade', '§8.3', 'Imperial Jade'),
  L('plum-blossom', '§8.3', 'Gathering the Plum Blossom from the Roof'),
  L('plucking-moon', '§8.3', 'Plucking the Moon from the Bottom of the Sea'),
  L('scratching-pole', '§8.3', 'Scratching a Carrying Pole'),
  L('kong-upon-kong', '§8.3', 'Twofold Fortune'),
  L('east-streak', '§8.3', 'East won nine times in a row'),
];

export type ItemTable = ReadonlyMap<string, ScoringItemDef>;

/** A preset's table: the base with some values changed (style.md §3 `derive`). */
export function deriveItems(base: readonly ScoringItemDef[], set: Record<string, number> = {}): ItemTable {
  const m = new Map<string, ScoringItemDef>();
  for (const it of base) m.set(it.id, set[it.id] !== undefined ? { ...it, value: set[it.id]! } : it);
  return m;
}

export const ITEM_IDS: readonly string[] = BASE_ITEMS.map((i) => i.id);
