/** Coordinates as the form keeps them: 6 decimals (about 0.1 m), longitude wrapped into −180…180. */
export function roundCoordinates(
  latitude: number,
  longitude: number,
): { latitude: number; longitude: number } {
  const wrapped = ((((longitude + 180) % 360) + 360) % 360) - 180;
  const round = (value: number) => Math.round(value * 1e6) / 1e6;
  return {
    latitude: round(Math.min(90, Math.max(-90, latitude))),
    longitude: round(wrapped === -180 && longitude > 0 ? 180 : wrapped),
  };
}
