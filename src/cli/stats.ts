/** Small statistics for the CLI's reports (no dependency): Student's t quantile for the duel's interval. */

/**
 * P(|T| < t) for Student's t with `df` (a whole number ≥ 1) degrees of freedom, by the closed forms
 * of Abramowitz & Stegun 26.7.3–26.7.4 (exact up to rounding; the sum has about df/2 terms).
 */
export function tTwoSidedCdf(t: number, df: number): number {
  const theta = Math.atan(Math.abs(t) / Math.sqrt(df));
  const sin = Math.sin(theta);
  const cos = Math.cos(theta);
  const c = cos * cos;
  let sum = 1;
  let term = 1;
  if (df % 2 === 1) {
    if (df === 1) return (2 / Math.PI) * theta;
    // θ + sinθ·cosθ·(1 + (2/3)c + (2·4)/(3·5)c² + … + (2·4…(df−3))/(3·5…(df−2))·c^((df−3)/2))
    for (let k = 1; k <= (df - 3) / 2; k++) {
      term *= ((2 * k) / (2 * k + 1)) * c;
      sum += term;
    }
    return (2 / Math.PI) * (theta + sin * cos * sum);
  }
  // sinθ·(1 + (1/2)c + (1·3)/(2·4)c² + … + (1·3…(df−3))/(2·4…(df−2))·c^((df−2)/2))
  for (let k = 1; k <= (df - 2) / 2; k++) {
    term *= ((2 * k - 1) / (2 * k)) * c;
    sum += term;
  }
  return sin * sum;
}

/**
 * The two-sided `level` quantile of Student's t with `df` degrees of freedom: the half-width of a
 * `level` interval is this times the standard error (0.95 → 12.706 at 1, 2.262 at 9, 1.962 at 999,
 * 1.960 in the limit). Found by bisection on `tTwoSidedCdf`.
 */
export function tQuantile(df: number, level = 0.95): number {
  if (!Number.isInteger(df) || df < 1) throw new RangeError(`degrees of freedom must be a whole number ≥ 1, got ${df}`);
  let lo = 0;
  let hi = 1;
  while (tTwoSidedCdf(hi, df) < level) hi *= 2;
  for (let i = 0; i < 60 && hi - lo > 1e-12; i++) {
    const mid = (lo + hi) / 2;
    if (tTwoSidedCdf(mid, df) < level) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}
