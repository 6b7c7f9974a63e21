/**
 * Where in the year an instant falls, as the seasonal models use it. Temperature, cloudiness and
 * heating lag the solstice by about three weeks, so "mid-winter" is taken as 15 January in the
 * north and 15 July in the south.
 */

const dayMs = 86_400_000;
const tropicalYearDays = 365.2422;
/** 1970-01-01 is day 0; 15 January is day 14 of every year. */
const midJanuaryDay = 14;

/** +1 in mid-winter, −1 in mid-summer, a cosine in between; hemisphere from the sign of `latitude`. */
export function winterness(ms: number, latitude: number): number {
  const days = ms / dayMs;
  const northern = Math.cos((2 * Math.PI * (days - midJanuaryDay)) / tropicalYearDays);
  return latitude >= 0 ? northern : -northern;
}

/** Day of the year, 0-based, close enough for the sun–earth distance (drifts at most a day). */
export function dayOfYear(ms: number): number {
  const days = ms / dayMs;
  return days - Math.floor(days / tropicalYearDays) * tropicalYearDays;
}
