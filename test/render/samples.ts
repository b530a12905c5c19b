/**
 * Sample render models: realistic mid-game states of every game in every locale, for the render
 * tests and the bench. A fixture only: the CLI renders real engine states. Plain data only.
 */
import { sortCodes } from '../../src/render/codes.js';
import type { GameId, HandModel, Locale, ResultModel, TableModel } from '../../src/render/model.js';

export interface SampleSet {
  hand: HandModel;
  table: TableModel;
  result: ResultModel;
}

type T3 = [vi: string, en: string, zh: string];
const pick = (l: Locale, t: T3): string => (l === 'vi' ? t[0] : l === 'en' ? t[1] : t[2]);
const letters = (n: number): string[] => Array.from({ length: n }, (_, i) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'[i] ?? String(i + 1));

export function sampleModels(game: GameId, locale: Locale): SampleSet {
  const t = (x: T3) => pick(locale, x);
  switch (game) {
    case 'vn-mahjong':
      return vnMahjong(locale, t);
    case 'classic-mahjong':
      return classic(locale, t);
    case 'chan':
      return chan(locale, t);
    case 'phom':
      return phom(locale, t);
  }
}

function vnMahjong(locale: Locale, t: (x: T3) => string): SampleSet {
  const g: GameId = 'vn-mahjong';
  const hand = sortCodes(g, ['7m', '2m', '4m', '3m', '7m', '4p', 'JP', '6p', '3s', '2s']);
  const keys = letters(hand.length + 1).map((k, i) => (hand[i] === 'JP' ? '' : k));
  return {
    hand: {
      game: g,
      locale,
      title: 'Minh Anh · ' + t(['cửa Đông', 'East seat', '東家']),
      hand,
      drawn: '4s',
      keys,
      groups: [{ codes: ['5z', '5z', '5z'], label: t(['Phỗng Bạch', 'Pung White', '碰 白']), marked: [1] }],
      flowers: ['1f', '9f', 'JA'],
      status: t(['Đến lượt bạn — đánh một quân', 'Your turn — discard', '輪到你 — 打一張']),
    },
    table: {
      game: g,
      locale,
      title: t(['Mạt chược · Ván 3 · Vòng Đông', 'Mahjong · Hand 3 · East round', '麻雀 · 第 3 局 · 東風圈']),
      seats: [
        {
          name: 'Minh Anh',
          isTurn: true,
          isDealer: true,
          wind: '1z',
          score: '+24',
          handCount: 11,
          groups: [{ codes: ['5z', '5z', '5z'], label: t(['Phỗng', 'Pung', '碰']), marked: [1] }],
          flowers: ['1f', '9f', 'JA'],
          discards: ['9m', '1p', '8s', '4z', '2z', '6m', '9p'],
        },
        {
          name: 'Bảo Trâm',
          isTurn: false,
          wind: '2z',
          score: '−8',
          handCount: 13,
          groups: [],
          flowers: ['6f'],
          discards: ['1z', '3z', '9s', '1m', '8p', '7z', '2p', '5m'],
        },
        {
          name: 'Tuấn Kiệt',
          isTurn: false,
          wind: '3z',
          score: '+12',
          handCount: 10,
          groups: [{ codes: ['3p', '4p', '5p'], label: t(['Ăn', 'Chow', '吃']), marked: [0] }],
          discards: ['4z', '1s', '9m', '6z', '2s', '8m', '3z'],
        },
        {
          name: 'Hoàng Long',
          isTurn: false,
          wind: '4z',
          score: '−28',
          handCount: 13,
          groups: [],
          flowers: ['JW'],
          discards: ['2z', '7p', '1m', '9s', '6p', '4m', '8s', '9s'],
        },
        {
          name: 'Thu Hà',
          isTurn: false,
          wind: t(['Trung (dự bị)', 'Red (reserve)', '中 (候補)']),
          score: '0',
          handCount: 0,
          groups: [],
          discards: [],
          note: t(['ngồi ngoài ván này', 'sitting out this round', '本圈休息']),
        },
      ],
      stockCount: 61,
      stockLabel: t(['Nọc còn', 'Wall', '牌牆']),
      lastDiscard: { seat: 3, index: 7 },
      lastAction: t(['Hoàng Long đánh Cửu Sách', 'Hoàng Long discarded 9 Bam', 'Hoàng Long 打出 九索']),
      timer: '0:42',
    },
    result: {
      game: g,
      locale,
      title: t(['Ù! Bảo Trâm thắng ván 3', 'Ù! Bảo Trâm wins hand 3', '胡！Bảo Trâm 贏第 3 局']),
      winner: {
        name: 'Bảo Trâm',
        groups: [
          { codes: ['6s', '7s', '8s'], label: t(['Ăn', 'Chow', '吃']), marked: [0] },
          { codes: ['1p', '1p', '1p', '1p'], label: t(['Âm Coong', 'Concealed kong', '暗槓']), concealed: true },
        ],
        hand: ['2m', '3m', '4m', '7z', '7z', 'JD', '9m', '9m'],
        winningCode: '9m',
        winningAt: { group: 2, index: 7 },
        jokers: ['JA'],
        flowers: ['2f', '10f'],
        caption: t(['Ù tự rút Cửu Vạn', 'Self-drawn win on 9 Crak', '自摸 九萬']),
      },
      lines: [
        { label: t(['Hoa đúng cửa (Lan)', 'Own flower (Orchid)', '正花 (蘭)']), value: t(['1 phán', '1 phán', '1 番']) },
        { label: t(['Âm Coong', 'Concealed kong', '暗槓']), value: t(['1 phán', '1 phán', '1 番']) },
        {
          label: t(['Phỗng Trung (khung Nguyên)', 'Pung of Red (Nguyên joker)', '中刻 (元 百搭)']),
          value: t(['1 phán', '1 phán', '1 番']),
        },
        { label: t(['Xuyên (chờ một quân)', 'Single wait', '單吊']), value: t(['1 phán', '1 phán', '1 番']) },
        { label: t(['Tổng: 4 phán', 'Total: 4 phán', '合計：4 番']), value: t(['16 điểm', '16 points', '16 分']) },
      ],
      totals: [
        { name: 'Bảo Trâm', delta: '+64' },
        { name: 'Minh Anh', delta: '−32' },
        { name: 'Tuấn Kiệt', delta: '−16' },
        { name: 'Hoàng Long', delta: '−16' },
      ],
      payments: [
        { from: 'Minh Anh', to: 'Bảo Trâm', amount: '32' },
        { from: 'Tuấn Kiệt', to: 'Bảo Trâm', amount: '16' },
        { from: 'Hoàng Long', to: 'Bảo Trâm', amount: '16' },
      ],
    },
  };
}

function classic(locale: Locale, t: (x: T3) => string): SampleSet {
  const g: GameId = 'classic-mahjong';
  const hand = sortCodes(g, ['2m', '3m', '4m', '6z', '6z', '5p', '6p', '7p', '9s', '9s']);
  return {
    hand: {
      game: g,
      locale,
      title: 'Lin Mei-hua · ' + t(['cửa Nam', 'South seat', '南家']),
      hand,
      keys: hand.map(() => ''),
      groups: [{ codes: ['7s', '7s', '7s', '7s'], label: t(['Coong kín', 'Concealed kong', '暗槓']), concealed: true }],
      flowers: ['2f', '6f'],
      status: t(['Wang Jun vừa đánh Phát', 'Wang Jun discarded Green', 'Wang Jun 打出 發']),
    },
    table: {
      game: g,
      locale,
      title: t(['Mạt chược cổ điển · Vòng Nam', 'Classical mahjong · South round', '經典中式麻雀 · 南風圈']),
      seats: [
        {
          name: 'Wang Jun',
          isTurn: false,
          isDealer: true,
          wind: '1z',
          score: '2 140',
          handCount: 13,
          groups: [],
          flowers: ['1f'],
          discards: ['1z', '9p', '2s', '8m', '4z', '1s', '3p', '6z'],
        },
        {
          name: 'Lin Mei-hua',
          isTurn: true,
          wind: '2z',
          score: '1 860',
          handCount: 10,
          groups: [{ codes: ['7s', '7s', '7s', '7s'], label: t(['Coong kín', 'Kong', '暗槓']), concealed: true }],
          flowers: ['2f', '6f'],
          discards: ['3z', '1m', '9m', '8s', '2p', '4p', '1p'],
        },
        {
          name: 'Chen Hao',
          isTurn: false,
          wind: '3z',
          score: '1 700',
          handCount: 7,
          groups: [
            { codes: ['2p', '3p', '4p'], label: t(['Ăn', 'Chow', '吃']), marked: [0] },
            { codes: ['1z', '1z', '1z'], label: t(['Phỗng', 'Pung', '碰']), marked: [2] },
          ],
          discards: ['9s', '5z', '8p', '7m', '2z', '3s', '6s'],
        },
        {
          name: 'Sarah O’Neill',
          isTurn: false,
          wind: '4z',
          score: '2 300',
          handCount: 13,
          groups: [],
          flowers: ['8f', '4f'],
          discards: ['4z', '7z', '1s', '5m', '9p', '2m', '6p'],
        },
      ],
      stockCount: 54,
      stockLabel: t(['Tường còn', 'Wall', '牌牆']),
      lastDiscard: { seat: 0, index: 7 },
      lastAction: t(['Wang Jun đánh Phát — chờ phỗng/ăn', 'Wang Jun discarded Green — claims open', 'Wang Jun 打出 發 — 可吃碰']),
      timer: '0:09',
    },
    result: {
      game: g,
      locale,
      title: t(['Lin Mei-hua Ù (tự bốc)', 'Lin Mei-hua wins by self-draw', 'Lin Mei-hua 自摸胡牌']),
      winner: {
        name: 'Lin Mei-hua',
        groups: [
          { codes: ['7s', '7s', '7s', '7s'], label: t(['Coong kín', 'Concealed kong', '暗槓']), concealed: true },
          { codes: ['6z', '6z', '6z'], label: t(['Phỗng Phát', 'Pung of Green', '碰 發']), marked: [1] },
          { codes: ['2f', '6f'], label: t(['Hoa', 'Flowers', '花牌']) },
        ],
        hand: ['2m', '3m', '4m', '5p', '6p', '7p', '9s', '9s'],
        winningCode: '4m',
      },
      lines: [
        { label: t(['Ù', 'Going out', '胡牌']), value: '20' },
        { label: t(['Coong kín Sách (giữa)', 'Concealed kong of simples', '暗槓 (中張)']), value: '16' },
        { label: t(['Phỗng rồng (lộ)', 'Exposed dragon pung', '明刻 箭牌']), value: '4' },
        { label: t(['Hoa cửa (Lan) + mùa (Hạ)', 'Own flower + own season', '正花 + 正季']), value: '8' },
        { label: t(['Tự bốc', 'Self-draw', '自摸']), value: '2' },
        { label: t(['Phỗng rồng: ×2', 'Dragon pung: 1 double', '箭刻：1 番']), value: '×2' },
        { label: t(['Hoa cửa + mùa cửa: ×2', 'Own flower and season: 1 double', '正花正季：1 番']), value: '×2' },
        { label: t(['Tổng', 'Total', '合計']), value: '200' },
      ],
      totals: [
        { name: 'Lin Mei-hua', delta: '+800' },
        { name: 'Wang Jun', delta: '−400' },
        { name: 'Chen Hao', delta: '−200' },
        { name: 'Sarah O’Neill', delta: '−200' },
      ],
      payments: [
        { from: 'Wang Jun', to: 'Lin Mei-hua', amount: '400' },
        { from: 'Chen Hao', to: 'Lin Mei-hua', amount: '200' },
        { from: 'Sarah O’Neill', to: 'Lin Mei-hua', amount: '200' },
      ],
    },
  };
}

function chan(locale: Locale, t: (x: T3) => string): SampleSet {
  const g: GameId = 'chan';
  const hand = sortCodes(g, [
    '1v',
    '1s',
    'CC',
    '3v',
    '3v',
    '3n',
    '4s',
    '4s',
    '5v',
    '5s',
    '6n',
    '6n',
    '8v',
    '8s',
    '9v',
    '9v',
    'LA',
    '2n',
    '7s',
  ]);
  const keys = hand.map((c) => (c.startsWith('5') ? '✓' : ''));
  let k = 0;
  const numbered = keys.map((x) => (x ? String(++k) : ''));
  return {
    hand: {
      game: g,
      locale,
      title: 'Nguyễn Thu Hà',
      hand,
      keys: numbered,
      groups: [
        { codes: ['2s', '2v'], label: t(['Cạ', 'Cạ (pair)', '同點']), marked: [1] },
        { codes: ['7n', '7n'], label: t(['Chắn', 'Chắn (pair)', '對子']), marked: [1] },
      ],
      status: t(['Quân bốc ở cửa bạn — ăn hay bỏ?', 'A drawn card at your gate — eat or pass?', '你的門前有翻出的牌 — 吃還是過？']),
    },
    table: {
      game: g,
      locale,
      title: t(['Chắn · Ván 5 · 4 người', 'Chắn · Hand 5 · 4 players', 'Chắn · 第 5 局 · 4 人']),
      seats: [
        {
          name: 'Nguyễn Thu Hà',
          isTurn: true,
          isDealer: true,
          score: '+6',
          handCount: 19,
          groups: [
            { codes: ['2s', '2v'], label: t(['Cạ', 'Cạ', '同點']), marked: [1] },
            { codes: ['7n', '7n'], label: t(['Chắn', 'Chắn', '對子']), marked: [1] },
          ],
          discards: ['6v', '9n'],
        },
        {
          name: 'Trần Văn Lộc',
          isTurn: false,
          score: '−2',
          handCount: 21,
          groups: [{ codes: ['4n', '4n'], label: t(['Chắn', 'Chắn', '對子']), marked: [0] }],
          discards: ['TH', '1n', '7v'],
        },
        {
          name: 'Phạm Quỳnh',
          isTurn: false,
          score: '−1',
          handCount: 17,
          groups: [
            { codes: ['8n', '8n', '8n', '8n'], label: t(['Chíu', 'Chíu', 'Chíu']), marked: [3] },
            { codes: ['6s', '6v'], label: t(['Cạ', 'Cạ', '同點']), marked: [0] },
          ],
          discards: ['2v', '3s'],
        },
        { name: 'Đỗ Minh Khôi', isTurn: false, score: '−3', handCount: 23, groups: [], discards: ['5n', '9s', '1v'] },
      ],
      stockCount: 18,
      stockLabel: t(['Nọc', 'Stock (nọc)', '牌堆']),
      lastDiscard: { seat: 3, index: 2 },
      lastAction: t(['Thu Hà bốc Ngũ Văn', 'Thu Hà turned up Ngũ Văn', 'Thu Hà 翻出 Ngũ Văn']),
      centreCodes: ['5n'],
      centreLabel: t(['Bốc · cửa Thu Hà', 'Drawn · Thu Hà’s gate', '翻牌 · Thu Hà 門前']),
      timer: '1:30',
    },
    result: {
      game: g,
      locale,
      title: t(['Thu Hà ù!', 'Thu Hà wins (ù)!', 'Thu Hà 胡了！']),
      winner: {
        name: 'Nguyễn Thu Hà',
        groups: [
          { codes: ['2s', '2v'], label: t(['Cạ', 'Cạ', '同點']), marked: [1] },
          { codes: ['7n', '7n'], label: t(['Chắn', 'Chắn', '對子']), marked: [1] },
          { codes: ['5n', '5v'], label: t(['Cạ', 'Cạ', '同點']), marked: [0] },
        ],
        hand: ['1v', '1s', '3v', '3v', '4s', '4s', '6n', '6n', '8v', '8s', '9v', '9v', 'CC', 'LA', '3n', '3s', '2n', '2n'],
        winningCode: '2n',
      },
      lines: [
        { label: t(['Chắn (tính cả chíu ×2)', 'Chắn pairs (chíu counts 2)', '對子 (Chíu 算 2)']), value: '8' },
        { label: t(['Cạ', 'Cạ pairs', '同點']), value: '4' },
        { label: t(['Ù thường (không tính cước)', 'Plain win (no cước scoring)', '一般胡 (不計 cước)']), value: '+3' },
      ],
      totals: [
        { name: 'Nguyễn Thu Hà', delta: '+3' },
        { name: 'Trần Văn Lộc', delta: '−1' },
        { name: 'Phạm Quỳnh', delta: '−1' },
        { name: 'Đỗ Minh Khôi', delta: '−1' },
      ],
      payments: [
        { from: 'Trần Văn Lộc', to: 'Nguyễn Thu Hà', amount: '1' },
        { from: 'Phạm Quỳnh', to: 'Nguyễn Thu Hà', amount: '1' },
        { from: 'Đỗ Minh Khôi', to: 'Nguyễn Thu Hà', amount: '1' },
      ],
    },
  };
}

function phom(locale: Locale, t: (x: T3) => string): SampleSet {
  const g: GameId = 'phom';
  const hand = sortCodes(g, ['3S', '3H', '3C', '5H', '6H', '7H', '9S', 'JD', 'KC']);
  const eaten = hand.indexOf('7H');
  // legal discards numbered 1…n (an eaten card cannot be discarded), the drawn card last
  let k = 0;
  const keys = hand.map((_, i) => (i === eaten ? '' : String(++k)));
  keys.push(String(k + 1));
  return {
    hand: {
      game: g,
      locale,
      title: 'Lê Hoàng Tú',
      hand,
      drawn: 'QD',
      keys,
      handMarked: [eaten],
      groups: [],
      status: t(['Vòng 3 — đánh một lá', 'Round 3 — discard a card', '第 3 輪 — 打一張']),
    },
    table: {
      game: g,
      locale,
      title: t(['Phỏm · Ván 7 · Vòng 3', 'Phỏm · Hand 7 · Round 3', 'Phỏm · 第 7 局 · 第 3 輪']),
      seats: [
        {
          name: 'Lê Hoàng Tú',
          isTurn: true,
          isDealer: true,
          score: '+40',
          handCount: 10,
          groups: [{ codes: ['7H'], label: t(['Ăn', 'Eaten', '吃']), marked: [0] }],
          discards: ['KS', '2D'],
        },
        { name: 'Vũ Ngọc Ánh', isTurn: false, score: '−10', handCount: 9, groups: [], discards: ['QH', '8C', '7H'] },
        {
          name: 'Đặng Quốc Bảo',
          isTurn: false,
          score: '+5',
          handCount: 9,
          groups: [{ codes: ['4D', '4S'], label: t(['Ăn', 'Eaten', '吃']), marked: [0, 1] }],
          discards: ['AS', 'JC'],
        },
        { name: 'Mai Phương', isTurn: false, score: '−35', handCount: 9, groups: [], discards: ['10D', '9C'] },
      ],
      stockCount: 19,
      stockLabel: t(['Nọc', 'Stock', '牌堆']),
      lastDiscard: { seat: 1, index: 2 },
      lastAction: t(['Hoàng Tú ăn 7♥ của Ngọc Ánh', 'Hoàng Tú ate Ngọc Ánh’s 7♥', 'Hoàng Tú 吃了 Ngọc Ánh 的 7♥']),
      timer: '0:25',
    },
    result: {
      game: g,
      locale,
      title: t(['Hạ bài — Hoàng Tú về Nhất', 'Showdown — Hoàng Tú is first', '攤牌 — Hoàng Tú 第一']),
      winner: {
        name: 'Lê Hoàng Tú',
        groups: [
          { codes: ['3S', '3H', '3C'], label: 'Phỏm' },
          { codes: ['5H', '6H', '7H'], label: 'Phỏm', marked: [2] },
        ],
        hand: [],
        leftover: ['9S', 'JD'],
        winningCode: '7H',
      },
      lines: [
        {
          label: t(['Nhất: Hoàng Tú (bài lẻ 9 + J)', 'First: Hoàng Tú (loose 9 + J)', '第一：Hoàng Tú (散牌 9 + J)']),
          value: t(['20 điểm', '20 pts', '20 點']),
        },
        { label: t(['Nhì: Quốc Bảo', 'Second: Quốc Bảo', '第二：Quốc Bảo']), value: t(['27 điểm', '27 pts', '27 點']) },
        { label: t(['Ba: Ngọc Ánh', 'Third: Ngọc Ánh', '第三：Ngọc Ánh']), value: t(['41 điểm', '41 pts', '41 點']) },
        { label: t(['Bét: Mai Phương (Móm)', 'Last: Mai Phương (Móm, no phỏm)', '最後：Mai Phương (Móm)']), value: 'Móm' },
        { label: t(['Tiền ăn cây (1 lá)', 'Eat payment (1 card)', '吃牌付款 (1 張)']), value: '1B' },
      ],
      totals: [
        { name: 'Lê Hoàng Tú', delta: '+7B' },
        { name: 'Đặng Quốc Bảo', delta: '−1B' },
        { name: 'Vũ Ngọc Ánh', delta: '−3B' },
        { name: 'Mai Phương', delta: '−3B' },
      ],
      payments: [
        { from: 'Vũ Ngọc Ánh', to: 'Lê Hoàng Tú', amount: '1B + 2B' },
        { from: 'Đặng Quốc Bảo', to: 'Lê Hoàng Tú', amount: '1B' },
        { from: 'Mai Phương', to: 'Lê Hoàng Tú', amount: '3B' },
      ],
    },
  };
}
