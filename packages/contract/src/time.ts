// Times in a time zone, for every client: the wall clock an instant shows in an IANA zone, the instant a wall
// clock means there, and the zone's offset as people write it. Intl's own time-zone data does the work, so
// the web app and the command-line client read a zone the same way.

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const partsFormats = new Map<string, Intl.DateTimeFormat>();
function partsFormat(timeZone: string): Intl.DateTimeFormat {
  let format = partsFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    partsFormats.set(timeZone, format);
  }
  return format;
}

/** The wall clock `instant` shows in `timeZone`. */
export function wallClockIn(instant: Date | number, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of partsFormat(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour! % 24, minute: parts.minute!, second: parts.second! };
}

/** Minutes the zone is ahead of UTC at `instant`. */
export function zoneOffsetMinutes(instant: Date | number, timeZone: string): number {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  const clock = wallClockIn(ms, timeZone);
  const asUtc = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
  return Math.round((asUtc - (ms - (ms % 1000 + 1000) % 1000)) / 60_000);
}

/**
 * The instant a wall clock means in `timeZone`, or null when none does (the hour skipped when the clocks go
 * forward). When the clocks go back an hour is shown twice: the earlier instant is taken.
 */
export function instantOfWallClock(clock: Omit<WallClock, 'second'> & { second?: number }, timeZone: string): Date | null {
  const asUtc = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second ?? 0);
  const candidates = [...new Set([zoneOffsetMinutes(asUtc - 86_400_000, timeZone), zoneOffsetMinutes(asUtc + 86_400_000, timeZone), zoneOffsetMinutes(asUtc, timeZone)])]
    .map((offset) => asUtc - offset * 60_000)
    .sort((a, b) => a - b);
  const match = candidates.find((candidate) => {
    const shown = wallClockIn(candidate, timeZone);
    return shown.year === clock.year && shown.month === clock.month && shown.day === clock.day && shown.hour === clock.hour && shown.minute === clock.minute;
  });
  return match === undefined ? null : new Date(match);
}

const pad = (value: number) => String(value).padStart(2, '0');

/** 'UTC+01:00', 'UTC-05:00', 'UTC' at `instant` in the zone. */
export function zoneOffsetLabel(instant: Date | number, timeZone: string): string {
  const offset = zoneOffsetMinutes(instant, timeZone);
  if (offset === 0) return 'UTC';
  const sign = offset > 0 ? '+' : '-';
  return `UTC${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
}

/** 'yyyy-MM-dd HH:mm' of `instant` in the zone: the form fields' and scripts' way of writing a time. */
export function formatWallClock(instant: Date | number | string, timeZone: string): string {
  const clock = wallClockIn(typeof instant === 'string' ? new Date(instant) : instant, timeZone);
  return `${clock.year}-${pad(clock.month)}-${pad(clock.day)} ${pad(clock.hour)}:${pad(clock.minute)}`;
}
