/**
 * The cước table as data (chan.md §9; style.md §3). One row per cước: điểm (full value), dịch (add-on
 * value), gà (bonus unit, 1 gà = 5 điểm), whether a missing announcement is xướng sai (mandatory)
 * and whether it is counted per instance. Profiles derive from the Sân Đình base.
 */
export type CuocId =
  | 'xuong'
  | 'thong'
  | 'chi'
  | 'thien-u'
  | 'dia-u'
  | 'chiu-u'
  | 'u-bon'
  | 'bach-thu'
  | 'bach-thu-chi'
  | 'thap-thanh'
  | 'bach-dinh'
  | 'tam-do'
  | 'kinh-tu-chi'
  | 'leo'
  | 'tom'
  | 'thien-khai'
  | 'chiu'
  | 'bon'
  | 'pha-thien'
  | 'hoa-roi-cua-phat'
  | 'nha-lau-xe-hoi'
  | 'ca-loi-san-dinh'
  | 'ngu-ong-bat-ca';

export interface CuocItem {
  id: CuocId;
  diem: number;
  dich: number;
  ga: number;
  mandatory: boolean;
  /** Counted per instance (Lèo, Tôm, Thiên khai, Chíu, Bòn). */
  perInstance: boolean;
  /** A hoa cước (replaces Chì + Bạch thủ). */
  hoa: boolean;
  spec: string;
}

const row = (
  id: CuocId,
  diem: number,
  dich: number,
  ga = 0,
  flags: Partial<Pick<CuocItem, 'mandatory' | 'perInstance' | 'hoa'>> = {},
): CuocItem => ({
  id,
  diem,
  dich,
  ga,
  mandatory: flags.mandatory ?? false,
  perInstance: flags.perInstance ?? false,
  hoa: flags.hoa ?? false,
  spec: '§9',
});

/** Sân Đình values [SĐ] (the default profile). */
export const SAN_DINH: readonly CuocItem[] = [
  row('xuong', 2, 0),
  row('thong', 3, 1),
  row('chi', 3, 1),
  row('thien-u', 4, 1, 0, { mandatory: true }),
  row('dia-u', 4, 1),
  row('chiu-u', 4, 1, 0, { mandatory: true }),
  row('u-bon', 4, 1, 0, { mandatory: true }),
  row('bach-thu', 4, 1, 0, { mandatory: true }),
  row('bach-thu-chi', 6, 3, 1, { mandatory: true }),
  row('thap-thanh', 12, 9, 1),
  row('bach-dinh', 7, 4, 1),
  row('tam-do', 8, 5, 1),
  row('kinh-tu-chi', 12, 9, 1),
  row('leo', 5, 2, 0, { perInstance: true }),
  row('tom', 4, 1, 0, { perInstance: true }),
  row('thien-khai', 3, 1, 0, { perInstance: true }),
  row('chiu', 3, 1, 0, { perInstance: true }),
  row('bon', 3, 1, 0, { perInstance: true }),
  row('pha-thien', 12, 9, 1),
  row('hoa-roi-cua-phat', 20, 17, 1, { hoa: true }),
  row('nha-lau-xe-hoi', 30, 27, 1, { hoa: true }),
  row('ca-loi-san-dinh', 20, 17, 1, { hoa: true }),
  row('ngu-ong-bat-ca', 30, 27, 1, { hoa: true }),
];

export interface Derive {
  set?: Partial<Record<CuocId, { diem: number; dich: number }>>;
  remove?: CuocId[];
}
export function derive(base: readonly CuocItem[], d: Derive): CuocItem[] {
  return base.filter((r) => !(d.remove ?? []).includes(r.id)).map((r) => ({ ...r, ...(d.set?.[r.id] ?? {}) }));
}

/** Chắn Vạn Văn [BK]: four cước at 3/1; Phá thiên, Nhà lầu xe hơi, Ngư ông bắt cá do not exist. */
export const CHAN_VAN_VAN = derive(SAN_DINH, {
  set: { 'thien-u': { diem: 3, dich: 1 }, 'dia-u': { diem: 3, dich: 1 }, 'chiu-u': { diem: 3, dich: 1 }, 'u-bon': { diem: 3, dich: 1 } },
  remove: ['pha-thien', 'nha-lau-xe-hoi', 'ngu-ong-bat-ca'],
});

/**
 * The largest count the xướng picker offers for a counted cước: Thiên khai, Chíu and Bòn each take
 * a face's four copies, and a 4-player hand holds 24 cards (chan.md §4, §9), so six at most. The
 * engine accepts any count; a larger one is xướng sai, not a refused move.
 */
export const MAX_CALL_COUNT = 6;

export const PROFILES: Record<'san-dinh' | 'chan-van-van', readonly CuocItem[]> = { 'san-dinh': SAN_DINH, 'chan-van-van': CHAN_VAN_VAN };

/** Cước that add their full điểm when Thập thành is present (Sân Đình only). */
export const THAP_THANH_STACK: readonly CuocId[] = ['thap-thanh', 'bach-dinh', 'tam-do', 'kinh-tu-chi'];

export const GA_POINTS = 5;
export const ALL_CUOC_IDS: readonly CuocId[] = SAN_DINH.map((r) => r.id);
