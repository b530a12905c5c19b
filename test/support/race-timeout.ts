/**
 * `p`, or `late` after `ms` if `p` has not settled by then; the timer is cleared either way, so it
 * does not keep the test's process up once the test is over (a 60 s timer left behind held one
 * file's process a minute past its last test).
 */
export async function raceTimeout<T, L>(p: Promise<T>, ms: number, late: L): Promise<T | L> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([p, new Promise<L>((r) => (timer = setTimeout(() => r(late), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}
