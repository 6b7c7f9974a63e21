/** A battery strategy in the protocol's words as plant settings, so one path applies both commands. */

/**
 * A strategy in the protocol's words (docs/device-protocol.md 8.1: `mode`, `charge_start`,
 * `charge_end`, `charge_power_w`, …) as the plant's settings: the charging window becomes the
 * cheap hours, the powers become limits. The plant's own names pass as they are. A discharge
 * window needs no setting: outside its cheap hours a time-of-use battery discharges to cover the
 * load anyway.
 */
export function strategySettings(params: Record<string, number | string | boolean>): {
  settings: Record<string, number | string | boolean>;
  /** The strategy's own name of each setting, to name a refused one as the command did. */
  givenNames: Record<string, string>;
} {
  const settings: Record<string, number | string | boolean> = {};
  const givenNames: Record<string, string> = {};
  const set = (name: string, given: string, value: number | string | boolean) => {
    settings[name] = value;
    givenNames[name] = given;
  };
  const hourOf = (value: number | string | boolean) => {
    const match = typeof value === 'string' ? /^(\d{1,2}):(\d{2})$/.exec(value) : null;
    return match ? Number(match[1]) : value;
  };
  for (const [name, value] of Object.entries(params)) {
    switch (name) {
      case 'mode':
        set('battery_mode', name, value);
        break;
      case 'charge_start':
        set('cheap_from_hour', name, hourOf(value));
        break;
      case 'charge_end':
        set('cheap_to_hour', name, hourOf(value));
        break;
      case 'charge_power_w':
        set('max_charge_w', name, value);
        break;
      case 'discharge_power_w':
        set('max_discharge_w', name, value);
        break;
      case 'discharge_start':
      case 'discharge_end':
        break;
      default:
        set(name, name, value);
    }
  }
  return { settings, givenNames };
}
