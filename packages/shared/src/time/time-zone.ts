/**
 * Wall-clock dates in an IANA time zone, with the runtime's own zone data (Intl), no library: what the
 * catch-up URLs read and write (`YYYY-MM-DD:HH-MM` in the server's or the upstream's zone; decision 0120).
 */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(zone, format);
  }
  return format;
}

/** Whether the runtime knows `zone` as an IANA time zone ("UTC", "America/Sao_Paulo"). */
export function isTimeZone(zone: string): boolean {
  if (!zone) return false;
  try {
    formatOf(zone);
    return true;
  } catch {
    return false;
  }
}

/** The wall clock of `date` in `zone`. */
export function wallClockIn(date: Date, zone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatOf(zone).formatToParts(date)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 0,
    day: parts.day ?? 0,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

const asUtc = (clock: WallClock) =>
  Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);

/**
 * The instant whose wall clock in `zone` is `clock`, or undefined when no instant has it (an impossible
 * date, or a wall time skipped by a daylight-saving change). An ambiguous time (clocks set back) is its
 * first instant.
 */
export function instantOf(clock: WallClock, zone: string): Date | undefined {
  const target = asUtc(clock);
  const normalised = new Date(target);
  // Date.UTC rolls 30 February over into March: such a clock names no instant.
  if (
    !Number.isFinite(target) ||
    normalised.getUTCFullYear() !== clock.year ||
    normalised.getUTCMonth() + 1 !== clock.month ||
    normalised.getUTCDate() !== clock.day ||
    normalised.getUTCHours() !== clock.hour ||
    normalised.getUTCMinutes() !== clock.minute ||
    normalised.getUTCSeconds() !== clock.second
  ) {
    return undefined;
  }
  // The zone's offset at a guess, then at the corrected guess: two rounds settle any offset change.
  let guess = target;
  for (let round = 0; round < 2; round++) {
    guess = target - (asUtc(wallClockIn(new Date(guess), zone)) - guess);
  }
  const earlier = guess - 3_600_000;
  if (asUtc(wallClockIn(new Date(earlier), zone)) === target) guess = earlier;
  return asUtc(wallClockIn(new Date(guess), zone)) === target ? new Date(guess) : undefined;
}
