import { weather } from '@helio/contracts';
import type { CallRegistry } from '../../http/calls.ts';
import type { WeatherService } from './service.ts';

export function weatherRoutes(calls: CallRegistry, service: WeatherService): void {
  calls.handle(weather.stationWeather, ({ body, caller }) => service.stationWeather(caller, body.station_id));
}
