/**
 * Rule fixes that change how an already-played action log replays: a hand scored, or a seat played
 * for the engine, differently from when it was played. A game is its options, seed and action log
 * (replayed by the current engine), and its results rows keep what was paid then; so after such a
 * fix a replay of an older hand may rightly differ from the stored result. `replay-db` tells those
 * hands ("played before the rule changes of …") from damage, which it still fails on.
 *
 * Add an entry with every fix of this kind (its commit time, UTC, and what changed, citing the spec);
 * a fix that only allows what was refused before (old logs never hold it) needs none. Older fixes,
 * from before 2026-12-04 (the first releases), are not listed: a hand older than the first entry is
 * "before" it too.
 */
import type { GameId } from '../games/core/types.js';

export interface RuleChange {
  /** When it took effect: ISO time, UTC. */
  at: string;
  what: string;
}

export const RULE_CHANGES: Readonly<Record<GameId, readonly RuleChange[]>> = {
  chan: [
    {
      at: '2026-12-04T19:00:53Z',
      what: 'Bạch thủ is judged by its §9 definition: a què of the Nhất/Yêu group beside a special cạ is Bạch thủ, not Xuông (2f5dcf4)',
    },
    {
      at: '2026-12-05T06:53:54Z',
      what: 'Thông (§9) needs a won previous hand: after xướng sai (Q11) the ù-er still opens but the hand is no win for Thông (it counted)',
    },
    {
      at: '2026-12-06T05:50:27Z',
      what: 'Chắn: a chắn the claim guard forbids no longer hides the cạ under prefer-chan (§7.2; passing it is bỏ cạ, R2); honour tables (u-claim-check = honor) offer Ù on a discarded or returned Chi Chi/Lão/Thang too, as on a drawn one (§8)',
    },
    {
      at: '2026-12-06T11:16:50Z',
      what: 'ù láo at a table without scoring ranks the offender last (§11; everyone was ranked equal); a xướng count above 6 in one call is xướng sai, not refused (1bd27ed)',
    },
    {
      at: '2026-12-06T23:42:58Z',
      what: 'without lao-thang-ca, a Nhất/Yêu cạ is eaten only with a spare card of a best arrangement of the group (§7.2, R5): 1v of 1v LA TH held a cạ and may not, a lone LA or TH may (the odd-count rule was applied whatever the option)',
    },
    {
      at: '2026-12-07T12:22:30Z',
      what: "combining (§9) takes the cước in the profile's order whatever the order announced: Thập thành and Phá thiên (both 12) paid 43 or 46 by their order in the xướng (Discord's picker and the AIs always sent the table's order: 43)",
    },
  ],
  phom: [
    {
      at: '2026-12-04T19:00:53Z',
      what: "the best lay-down plan's last tie-break is the canonical card order (§5), for timeouts and seats played out after leaving (9d7ad23)",
    },
    {
      at: '2026-12-06T11:32:49Z',
      what: 'a tái turn offers its optional lay-down beside the sends and discards, not as a step of its own (§5 H′, §2); no send may leave a held eaten card without its phỏm (§7.3 C2, C4); a tái eat that puts the whole hand in phỏm is Ù, also for a seat that left (§8.2, §11.3)',
    },
    {
      at: '2026-12-06T11:50:47Z',
      what: 'a seat that left the hand ranks after every seat still playing and pays the Móm amount (§11.3): it was ranked among the Móm seats by lay-down order, so it could be Nhất and be paid when all who stayed were Móm (§9.4)',
    },
    {
      at: '2026-12-06T22:54:50Z',
      what: "without u-by-sending, every card a seat sent this hand is left over for its Ù (§8.2, Ex 14): a tái turn counted the lay-down turn's sends as in phỏm",
    },
    {
      at: '2026-12-06T22:59:52Z',
      what: 'with allow-qka, K A and Q A of one suit are cạ (§7.2), so a dealt hand holding one is not Ù khan (§8.4); the AI keeps them together',
    },
    {
      at: '2026-12-07T12:37:22Z',
      what: 'a tái turn lays down every phỏm of its hand before it sends or discards (seed 002 "phải hạ tất cả Phỏm" on the last turn; phom.md §5 H′ had it optional): a discard, send or empty lay-down that kept a phỏm in a tái hand is refused, and a tái hand that is all phỏm with no lay-down keeping a card has Ù as its one move',
    },
    {
      at: '2026-12-07T14:33:13Z',
      what: 'u-by-sending off: a tái eat that would put the hand wholly in phỏm after two or more sends is refused (no move would follow; the hand stopped there) (5d7954d)',
    },
  ],
  'vn-mahjong': [
    {
      at: '2026-12-04T18:30:37Z',
      what: 'Khàn Khàn and Bộ Khung with a won discarded joker or bonus tile (§9, §2); the §11.1 exemption covers Bắc Báo feeding (de02ae9)',
    },
    {
      at: '2026-12-05T01:52:23Z',
      what: '§11.4 Bắc Báo applies under its own option, not only through Cửu Chướng / Thập Nhị Chướng (46d0cb2)',
    },
    {
      at: '2026-12-05T06:49:07Z',
      what: 'Lục Khôi (§9 `luc-khoi`): a drawn hand, Chao Ù included, breaks the run of consecutive wins, as its source (riichi_advanced viet_renchan.majs) does; it was kept before',
    },
    {
      at: '2026-12-06T11:30:31Z',
      what: "§7 bounce and Hối Coong on any tile drawn this turn (also after a joker exposure or a kong); preset B 'nothing exposed' is nothing set aside (Môn Thanh, the starred +1 mủn), all called pungs also on a self-drawn pair, Nhân Ù on a self-draw before the first discard (§9 B); Quân Cuối Cùng after a replacement under wall-reserve 26 (§9); the Tổng Hợp combo is 12 phán with the same frame, joker-copies ≥ 2 (§9, §15.12); flower-discard = anytime lets a dealer keep a lone bonus tile (§4.3: an older log has no such decision)",
    },
    {
      at: '2026-12-06T11:51:56Z',
      what: "§11.1–§11.2 full hands judged by the scored shape: the Nhất Cửu warning (Cửu Chướng, Thập Nhị Chướng) binds under preset B too; preset B: a win on the dealer's first discard is Địa Ù only, no longer also Nhân Ù (§9 B); dai-hoa-mode = wild-flower: each JF stands for the missing bonus tile that scores most (Bộ Hoa with two JF, four-seat-flowers), 0 when none is left, not a flat hoa-cua (§13)",
    },
    {
      at: '2026-12-06T12:19:18Z',
      what: "§6.4 phỗng priority with max-jokers-per-call = 2: the claim using more natural tiles wins (one natural + a joker beats two jokers, seed 'phỗng bằng đôi được ưu tiên hơn … phỗng bằng khung'), then the most specific joker; the sum of the jokers' domains ranked before, so two narrow jokers took the discard",
    },
    {
      at: '2026-12-06T23:47:59Z',
      what: 'dai-hoa-mode = wild-flower: an exposed JF the score counts as the seat\'s own bonus tile bars joker discards, as the natural tile does (§5 [Seed] "hoa đúng cửa … không được đánh khung nữa", §13)',
    },
    {
      at: '2026-12-07T12:07:44Z',
      what: '§11.1 "no other choice" exception (deal-in, feeding §15.7, Bắc Báo): a joker the discarder could have discarded instead and whose domain holds no tile of the warned category is a safe choice, so the discarder is no longer exempt; a held bonus tile (flower-discard = anytime) acts as Tổng and no longer denies the exemption; a joker it may not discard (§5) is still ignored',
    },
    {
      at: '2026-12-07T12:11:49Z',
      what: 'scoring (§9): a kind the winner holds all four of (concealed or in a meld) is no wait, so such a hand can score Xuyên and Chờ đôi; kk-bonus = per-pattern adds each small no-joker bonus (Tui Tui, Toàn Cầu Nhần: +1 phán) beside the big ones (+1 mủn each), as RA',
    },
    {
      at: '2026-12-07T12:20:58Z',
      what: 'initial phase (§4.3, seed "từ 2 hoa bắt buộc phải dựng"): a dealer whose bonus tiles (two or more) or jokers (initial-joker-expose = mandatory) were exposed automatically is no longer offered to keep a replacement bonus tile: it is exposed in turn',
    },
    {
      at: '2026-12-07T14:23:26Z',
      what: 'initial phase (§4.3): with joker-copies ≥ 2, another JF than the one the dealer kept (dealt to any seat or drawn as a replacement) is exposed and replaced; it stayed in the hand (f6acec1)',
    },
  ],
  'classic-mahjong': [
    {
      at: '2026-12-06T11:12:02Z',
      what: 'only-possible-excludes-visible counts concealed kongs as seen (§9.3); a live-wall replacement taking the last live tile is a last-tile win (§9.5, §8.3); discarder-pays-all pays what the players present would have paid (§10.6, §3); nearest-10 rounding before the limit (§9.1) (f3ffa28)',
    },
    {
      at: '2026-12-07T14:26:13Z',
      what: 'discarder-pays-all (§10.6): a konger whose added kong is robbed is no liable discarder; everybody pays (e4cf21b)',
    },
  ],
};

/** The rule changes of `game` made after `playedAt` (ms): why a replay of a hand played then may differ. */
export function ruleChangesSince(game: GameId, playedAt: number): RuleChange[] {
  return RULE_CHANGES[game].filter((c) => Date.parse(c.at) > playedAt);
}

/**
 * Since when a game stores what a match gives back as it ends (refund rows, rank POT_REFUND: the
 * table's `GameManifest.closeMatch`). A match that ended before has none, though today's engine
 * computes one for it: `replay-db` names such a match with this change instead of failing on it.
 */
export const MATCH_REFUNDS_SINCE: Readonly<Partial<Record<GameId, RuleChange>>> = {
  phom: {
    at: '2026-12-05T09:33:23Z',
    what: 'the gà pot no Ù took goes back to those who paid into it when the match ends, stored as refund rows (§15.12, 8e0f797)',
  },
};
