/**
 * Claim preferences (issue #13 §2), per user and game, kept in SQLite (migration 8):
 * "auto-pass everything except a win", "never <kind>" for each claim kind the game has (chow/ăn,
 * pung, kong, chíu…) and "always declare a win". When a claim decision opens for a seat, a
 * preference that applies answers it at once (logged with source `preference`); the engine still
 * decides legality: a preference only ever picks one of the decision's own options.
 */
import type Database from 'better-sqlite3';
import type { AnyEngine, BaseAction, Decision, GameId } from '../games/core/types.js';

/** The games with claim windows: the win's action type and the other claim kinds. */
export const CLAIMS: Partial<Record<GameId, { win: string; kinds: string[] }>> = {
  chan: { win: 'u', kinds: ['eat', 'chiu'] },
  'vn-mahjong': { win: 'win', kinds: ['chow', 'pung', 'kong'] },
  'classic-mahjong': { win: 'mahjong', kinds: ['chow', 'pung', 'kong'] },
};

/** A preference id: `auto-pass`, `always-win`, or `never.<kind>`. */
export type ClaimPref = string;

/** The preferences a game offers, in display order. */
/**
 * A preference in the reader's words: "Never pung". A kind whose word is a loanword has its own
 * sentence (`never_chiu`: zh-TW spaces a Latin word, "永不 chíu", but not "永不碰").
 */
export function claimPrefLabel(t: (key: string, o?: Record<string, unknown>) => string, p: ClaimPref): string {
  if (!p.startsWith('never.')) return t(`common:prefs.${p}`);
  const kind = p.slice(6);
  return t('common:prefs.never', { kind: t(`common:prefs.kind.${kind}`), context: kind });
}

export function prefsOf(game: GameId): ClaimPref[] {
  const c = CLAIMS[game];
  return c ? ['auto-pass', 'always-win', ...c.kinds.map((k) => `never.${k}`)] : [];
}

export function readPrefs(db: Database.Database, game: GameId, userIds: readonly string[]): Map<string, Set<ClaimPref>> {
  const out = new Map<string, Set<ClaimPref>>();
  if (!CLAIMS[game] || !userIds.length) return out;
  const rows = db
    .prepare(`SELECT user_id AS u, pref AS p FROM claim_prefs WHERE game = ? AND user_id IN (${userIds.map(() => '?').join(',')})`)
    .all(game, ...userIds) as { u: string; p: string }[];
  for (const r of rows) {
    let s = out.get(r.u);
    if (!s) out.set(r.u, (s = new Set()));
    s.add(r.p);
  }
  return out;
}

/** Replaces a user's preferences for a game (unknown ids are dropped). */
export function writePrefs(db: Database.Database, game: GameId, userId: string, prefs: readonly string[], now: number): ClaimPref[] {
  const allowed = new Set(prefsOf(game));
  const keep = [...new Set(prefs)].filter((p) => allowed.has(p));
  db.transaction(() => {
    db.prepare('DELETE FROM claim_prefs WHERE user_id = ? AND game = ?').run(userId, game);
    const ins = db.prepare('INSERT INTO claim_prefs (user_id, game, pref, updated_at) VALUES (?, ?, ?, ?)');
    for (const p of keep) ins.run(userId, game, p, now);
  })();
  return keep;
}

/**
 * The option a seat's preferences choose for its claim decision, or null (the player decides).
 * A win is never passed by a preference: it is declared with "always declare a win", else asked.
 * A false one (`isFalse`: Engine.falseDeclaration, Chắn's honour table offering Ù whatever the hand)
 * is no win: never declared for the player, and it does not stop "auto-pass" nor count as a claim
 * they want (else a player's "always declare a win" was ù láo at the first card, chan.md §11).
 */
export function preferenceAnswer(
  game: GameId,
  prefs: ReadonlySet<ClaimPref> | undefined,
  d: Decision<BaseAction>,
  isFalse: (a: BaseAction) => boolean = () => false,
): BaseAction | null {
  const c = CLAIMS[game];
  if (!c || !prefs?.size || d.kind !== 'claim') return null;
  const win = d.options.find((a) => a.type === c.win && !isFalse(a));
  if (win) return prefs.has('always-win') ? win : null;
  const pass = d.options.find((a) => a.type === 'pass');
  if (!pass) return null;
  if (prefs.has('auto-pass')) return pass;
  const wanted = d.options.filter((a) => a.type !== 'pass' && !isFalse(a) && !prefs.has(`never.${a.type}`));
  return wanted.length === 0 ? pass : null;
}

/** `preferenceAnswer` at a table: its engine judges which offered declarations would be false. */
export function tablePreferenceAnswer(
  t: { row: { game: GameId }; engine: AnyEngine },
  state: unknown,
  prefs: ReadonlySet<ClaimPref> | undefined,
  d: Decision<BaseAction>,
): BaseAction | null {
  const judge = t.engine.falseDeclaration;
  return preferenceAnswer(t.row.game, prefs, d, judge ? (a) => judge(state, d.seat, a) : undefined);
}
