import { UNKNOWN_WEATHER, type WeatherLabel } from './enums.ts';

/**
 * WMO weather interpretation codes (WMO 4677 "present weather", 0–99, as Open-Meteo answers them)
 * mapped onto the labels w1–w21 of SPEC.md §3 (PRODUCT.md §4). Codes 0–3 follow Open-Meteo's
 * reading (clear sky … overcast) rather than WMO's "cloud development"; every other code goes to
 * the label nearest in meaning, so the widget always has an icon:
 *
 * | label | meaning                     | WMO codes                                                        |
 * | ----- | --------------------------- | ---------------------------------------------------------------- |
 * | w1    | clear sky (sunny)           | 0                                                                |
 * | w2    | mainly clear                | 1                                                                |
 * | w3    | partly cloudy               | 2                                                                |
 * | w4    | overcast                    | 3, 14–16 (precipitation in sight, not at the station)            |
 * | w5    | fog, mist, haze or dust     | 4–12, 28, 30–35, 40–49 (45 fog, 48 depositing rime fog)          |
 * | w6    | drizzle                     | 20, 50–55 (51/53/55 light, moderate, dense)                      |
 * | w7    | freezing drizzle            | 56, 57                                                           |
 * | w8    | light rain                  | 21, 58, 60, 61                                                   |
 * | w9    | moderate rain               | 59, 62, 63                                                       |
 * | w10   | heavy rain                  | 64, 65                                                           |
 * | w11   | freezing rain               | 24, 66, 67                                                       |
 * | w12   | light snow                  | 22, 36–39 (drifting or blowing snow), 70, 71                     |
 * | w13   | moderate snow               | 72, 73                                                           |
 * | w14   | heavy snow                  | 74, 75                                                           |
 * | w15   | snow grains, ice pellets    | 76–79 (77 snow grains)                                           |
 * | w16   | sleet (rain and snow)       | 23, 68, 69, 83, 84                                               |
 * | w17   | rain showers                | 25, 80–82 (slight, moderate, violent)                            |
 * | w18   | snow showers                | 26, 85, 86                                                       |
 * | w19   | thunderstorm                | 13, 17–19, 29, 91–95, 97, 98                                     |
 * | w20   | hail (or thunderstorm with hail) | 27, 87–90, 96, 99                                           |
 * | w21   | unknown                     | no code, or anything outside the integers 0–99                   |
 */
export const weatherLabelMeanings: Record<WeatherLabel, string> = {
  w1: 'clear sky',
  w2: 'mainly clear',
  w3: 'partly cloudy',
  w4: 'overcast',
  w5: 'fog',
  w6: 'drizzle',
  w7: 'freezing drizzle',
  w8: 'light rain',
  w9: 'moderate rain',
  w10: 'heavy rain',
  w11: 'freezing rain',
  w12: 'light snow',
  w13: 'moderate snow',
  w14: 'heavy snow',
  w15: 'snow grains',
  w16: 'sleet',
  w17: 'rain showers',
  w18: 'snow showers',
  w19: 'thunderstorm',
  w20: 'hail',
  w21: 'unknown',
};

/** The WMO codes of each label w1–w20, as documented above. */
export const wmoCodesByLabel: Readonly<Record<WeatherLabel, readonly number[]>> = {
  w1: [0],
  w2: [1],
  w3: [2],
  w4: [3, 14, 15, 16],
  w5: [4, 5, 6, 7, 8, 9, 10, 11, 12, 28, 30, 31, 32, 33, 34, 35, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49],
  w6: [20, 50, 51, 52, 53, 54, 55],
  w7: [56, 57],
  w8: [21, 58, 60, 61],
  w9: [59, 62, 63],
  w10: [64, 65],
  w11: [24, 66, 67],
  w12: [22, 36, 37, 38, 39, 70, 71],
  w13: [72, 73],
  w14: [74, 75],
  w15: [76, 77, 78, 79],
  w16: [23, 68, 69, 83, 84],
  w17: [25, 80, 81, 82],
  w18: [26, 85, 86],
  w19: [13, 17, 18, 19, 29, 91, 92, 93, 94, 95, 97, 98],
  w20: [27, 87, 88, 89, 90, 96, 99],
  w21: [],
};

const labelOfCode: ReadonlyMap<number, WeatherLabel> = new Map(
  Object.entries(wmoCodesByLabel).flatMap(([label, codes]) =>
    codes.map((code) => [code, label as WeatherLabel] as const),
  ),
);

/** The label w1–w20 of a WMO weather code; w21 (unknown) for no code or one outside 0–99. */
export function weatherLabelOfWmo(code: number | null | undefined): WeatherLabel {
  if (code === null || code === undefined) return UNKNOWN_WEATHER;
  return labelOfCode.get(code) ?? UNKNOWN_WEATHER;
}
