import { type PowerFlowData, powerFlows, stationPowers } from '@helio/contracts';
import { describe, expect, it } from 'vitest';
import {
  dashSeconds,
  directionOfPower,
  flowLinks,
  HUB,
  nodeSlots,
  strokeWidth,
} from '../src/features/stations/lib/power-flow-geometry.ts';

type Nodes = PowerFlowData['nodes'];

const near = (a: { x: number; y: number }, b: { x: number; y: number }, within: number) =>
  Math.hypot(a.x - b.x, a.y - b.y) <= within;

describe('power flow geometry', () => {
  const nodes: Nodes = [
    { node: 'pv', power_w: 5000 },
    { node: 'battery', power_w: 1500, soc_pct: 60 },
    { node: 'grid', power_w: -1000 },
    { node: 'load', power_w: 2500 },
  ];
  const flows: PowerFlowData['flows'] = [
    { from: 'pv', to: 'load', power_w: 2500 },
    { from: 'pv', to: 'battery', power_w: 1500 },
    { from: 'pv', to: 'grid', power_w: 1000 },
  ];

  it('draws each line in the direction its power goes', () => {
    const links = flowLinks({ nodes, flows });
    const by = Object.fromEntries(links.map((link) => [link.node, link]));
    expect(links.map((link) => link.node)).toEqual(['pv', 'grid', 'battery', 'load']);
    // PV produces: from the PV node to the hub.
    expect(by.pv?.direction).toBe('to-hub');
    expect(near(by.pv!.start, nodeSlots.pv, 40)).toBe(true);
    expect(near(by.pv!.end, HUB, 20)).toBe(true);
    expect(by.pv?.powerW).toBe(5000);
    // The battery charges and the grid takes the export: from the hub to them.
    expect(by.battery?.direction).toBe('from-hub');
    expect(near(by.battery!.start, HUB, 20)).toBe(true);
    expect(near(by.battery!.end, nodeSlots.battery, 40)).toBe(true);
    expect(by.grid?.direction).toBe('from-hub');
    expect(by.load?.direction).toBe('from-hub');
    expect(by.pv?.path).toBe(`M${by.pv!.start.x} ${by.pv!.start.y} L${by.pv!.end.x} ${by.pv!.end.y}`);
  });

  it('turns with the power: a discharging battery and an importing grid feed the hub', () => {
    const powers = {
      pv_w: 0,
      generator_w: null,
      grid_w: 800,
      battery_w: -1200,
      soc_pct: 40,
      load_w: 2000,
      ev_w: null,
    };
    const links = flowLinks({
      nodes: [
        { node: 'pv', power_w: 0 },
        { node: 'battery', power_w: -1200 },
        { node: 'grid', power_w: 800 },
        { node: 'load', power_w: 2000 },
      ],
      flows: powerFlows(powers),
    });
    const by = Object.fromEntries(links.map((link) => [link.node, link]));
    expect(by.battery?.direction).toBe('to-hub');
    expect(by.grid?.direction).toBe('to-hub');
    expect(by.load?.direction).toBe('from-hub');
    expect(by.pv?.direction).toBe('idle');
    expect(dashSeconds(by.pv!.powerW)).toBeUndefined();
  });

  it('follows the node’s own power where no flow names it', () => {
    expect(directionOfPower('pv', 3000)).toBe('to-hub');
    expect(directionOfPower('grid', -500)).toBe('from-hub');
    expect(directionOfPower('battery', 500)).toBe('from-hub');
    expect(directionOfPower('battery', -500)).toBe('to-hub');
    expect(directionOfPower('ev', 7000)).toBe('from-hub');
    expect(directionOfPower('load', null)).toBe('idle');
    expect(directionOfPower('load', 2)).toBe('idle');
    const [pv] = flowLinks({ nodes: [{ node: 'pv', power_w: 3000 }], flows: [] });
    expect(pv).toMatchObject({ direction: 'to-hub', powerW: 3000 });
  });

  it('draws only the nodes the station has', () => {
    const links = flowLinks({ nodes: [{ node: 'ev', power_w: 7000, pile_state: 'charging' }], flows: [] });
    expect(links.map((link) => link.node)).toEqual(['ev']);
  });

  it('balances with the flows the contracts compute from the station’s powers', () => {
    const powers = stationPowers([
      { device_type: 1, values: { pv_power_w: 6000 } },
      { device_type: 2, values: { power_w: 2000, soc_pct: 70 } },
      { device_type: 6, values: { grid_power_w: -1000 } },
    ]);
    const links = flowLinks({
      nodes: [
        { node: 'pv', power_w: powers.pv_w },
        { node: 'battery', power_w: powers.battery_w },
        { node: 'grid', power_w: powers.grid_w },
        { node: 'load', power_w: powers.load_w },
      ],
      flows: powerFlows(powers),
    });
    const into = links
      .filter((link) => link.direction === 'to-hub')
      .reduce((sum, link) => sum + link.powerW, 0);
    const out = links
      .filter((link) => link.direction === 'from-hub')
      .reduce((sum, link) => sum + link.powerW, 0);
    expect(into).toBe(6000);
    expect(out).toBe(6000);
  });

  it('draws more power thicker and faster', () => {
    expect(strokeWidth(0)).toBe(2);
    expect(strokeWidth(100)).toBeLessThan(strokeWidth(1_000));
    expect(strokeWidth(1_000)).toBeLessThan(strokeWidth(10_000));
    expect(strokeWidth(1e9)).toBe(7);
    expect(dashSeconds(100)).toBe(2.4);
    expect(dashSeconds(10_000)!).toBeLessThan(dashSeconds(1_000)!);
    expect(dashSeconds(1e9)).toBe(0.5);
    expect(dashSeconds(1)).toBeUndefined();
  });
});
