/** IANA time zones as this runtime knows them (its ICU data), for the store and the renderer alike. */

const known = new Map<string, boolean>();

/**
 * Whether this runtime's Intl takes the zone name `tz`. A name it refuses (stored by another shard or
 * an older version whose runtime knew it; a render model that outlived an ICU update) must read as
 * UTC, never throw: every Intl call with it would. Remembered, at most 1,000 names.
 */
export function knownTimeZone(tz: string): boolean {
  let ok = known.get(tz);
  if (ok === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: tz });
      ok = true;
    } catch {
      ok = false;
    }
    if (known.size < 1000) known.set(tz, ok);
  }
  return ok;
}
