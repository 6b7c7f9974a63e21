import type { FlowNode, PowerFlowData } from '@helio/contracts';

/**
 * Where the power-flow diagram draws its nodes and lines, and how its lines move, as pure
 * functions of the API's answer (api/home/station/powerFlow). Each node the station has is joined
 * to a hub in the middle; a node's line carries the flows that leave it (towards the hub) or reach
 * it (away from the hub), so the dashes always run in the direction the power goes: from PV, the
 * generator, an importing grid and a discharging battery to the hub, and from the hub to the home,
 * the wallbox, a charging battery and an exporting grid. More power draws a thicker line with
 * faster dashes.
 */

export interface Point {
  x: number;
  y: number;
}

/** Where a node's name and value go, seen from its circle. */
export type LabelSide = 'below' | 'right' | 'left';

/** Compact enough that its texts stay legible on a phone, where the diagram is ~300 px wide. */
export const VIEW_BOX = { width: 400, height: 404 } as const;
export const HUB: Point = { x: 200, y: 190 };
export const HUB_RADIUS = 11;
export const NODE_RADIUS = 28;

/** One place per node; the ones a station lacks are simply not drawn. */
export const nodeSlots: Record<FlowNode, Point & { label: LabelSide }> = {
  pv: { x: 200, y: 44, label: 'right' },
  generator: { x: 56, y: 52, label: 'below' },
  grid: { x: 52, y: 190, label: 'below' },
  load: { x: 348, y: 190, label: 'below' },
  battery: { x: 200, y: 322, label: 'left' },
  ev: { x: 346, y: 318, label: 'below' },
};

/** The order nodes are drawn and read out in. */
export const nodeOrder: readonly FlowNode[] = ['pv', 'generator', 'grid', 'battery', 'load', 'ev'];

export type LinkDirection = 'to-hub' | 'from-hub' | 'idle';

export interface FlowLink {
  node: FlowNode;
  direction: LinkDirection;
  /** W carried by the line (never negative). */
  powerW: number;
  /** The line's path, drawn in the direction the power goes (its dashes move from start to end). */
  path: string;
  start: Point;
  end: Point;
  length: number;
}

/** Below this the line is drawn still (the API draws no flow either: FLOW_THRESHOLD_W). */
const MOVING_FROM_W = 5;

/** Nodes whose positive power comes into the plant (PV produces, the grid imports). */
const producers = new Set<FlowNode>(['pv', 'generator', 'grid']);

/**
 * The direction of a node's line from its power alone, for a node no flow names (e.g. PV on a site
 * without a meter): + of PV, generator and grid goes to the hub; + of battery, home and wallbox
 * comes from it (charging, using); a negative power the other way.
 */
export function directionOfPower(node: FlowNode, powerW: number | null | undefined): LinkDirection {
  if (typeof powerW !== 'number' || !Number.isFinite(powerW) || Math.abs(powerW) < MOVING_FROM_W)
    return 'idle';
  const inward = producers.has(node) ? powerW > 0 : powerW < 0;
  return inward ? 'to-hub' : 'from-hub';
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

/** The segment between a node's circle and the hub's, pointing from `from` to `to`. */
export function linkSegment(node: FlowNode, direction: LinkDirection): { start: Point; end: Point } {
  const slot = nodeSlots[node];
  const dx = HUB.x - slot.x;
  const dy = HUB.y - slot.y;
  const distance = Math.hypot(dx, dy);
  const ux = dx / distance;
  const uy = dy / distance;
  const atNode = { x: round(slot.x + ux * (NODE_RADIUS + 4)), y: round(slot.y + uy * (NODE_RADIUS + 4)) };
  const atHub = { x: round(HUB.x - ux * (HUB_RADIUS + 4)), y: round(HUB.y - uy * (HUB_RADIUS + 4)) };
  return direction === 'from-hub' ? { start: atHub, end: atNode } : { start: atNode, end: atHub };
}

/** The lines of the nodes a station has, each with the power it carries and its direction. */
export function flowLinks(data: Pick<PowerFlowData, 'nodes' | 'flows'>): FlowLink[] {
  const present = new Set(data.nodes.map((node) => node.node));
  return nodeOrder
    .filter((node) => present.has(node))
    .map((node) => {
      const out = data.flows
        .filter((flow) => flow.from === node)
        .reduce((sum, flow) => sum + flow.power_w, 0);
      const into = data.flows.filter((flow) => flow.to === node).reduce((sum, flow) => sum + flow.power_w, 0);
      let direction: LinkDirection;
      let powerW: number;
      if (out > 0 || into > 0) {
        direction = out >= into ? 'to-hub' : 'from-hub';
        powerW = Math.max(out, into);
      } else {
        const nodePower = data.nodes.find((item) => item.node === node)?.power_w ?? null;
        direction = directionOfPower(node, nodePower);
        powerW = direction === 'idle' ? 0 : Math.abs(nodePower ?? 0);
      }
      const { start, end } = linkSegment(node, direction);
      return {
        node,
        direction,
        powerW,
        start,
        end,
        path: `M${start.x} ${start.y} L${end.x} ${end.y}`,
        length: round(Math.hypot(end.x - start.x, end.y - start.y)),
      };
    });
}

/** Line width in px: 2 for a trickle, growing with the power's order of magnitude up to 7. */
export function strokeWidth(powerW: number): number {
  if (!(powerW >= MOVING_FROM_W)) return 2;
  return round(Math.min(7, Math.max(2, 2 + Math.log10(powerW / 10) * 1.25)));
}

/**
 * Seconds for the dashes to move one pattern length: slower for a trickle, faster for more power
 * (100 W 2.4 s, 1 kW 1.9 s, 10 kW 1.4 s, 1 MW from 0.5 s); undefined for a still line.
 */
export function dashSeconds(powerW: number): number | undefined {
  if (!(powerW >= MOVING_FROM_W)) return undefined;
  return round(Math.min(3, Math.max(0.5, 2.4 - 0.5 * Math.log10(powerW / 100))));
}

/** Where a node's texts go: the first line (name) and the second (value), and their anchor. */
export function labelPlacement(node: FlowNode): { x: number; y: number; anchor: 'start' | 'middle' | 'end' } {
  const slot = nodeSlots[node];
  if (slot.label === 'right') return { x: slot.x + NODE_RADIUS + 10, y: slot.y - 6, anchor: 'start' };
  if (slot.label === 'left') return { x: slot.x - NODE_RADIUS - 10, y: slot.y - 6, anchor: 'end' };
  return { x: slot.x, y: slot.y + NODE_RADIUS + 17, anchor: 'middle' };
}

/** The arrowhead at the end of a moving line, pointing the way the power goes (SVG polygon points). */
export function arrowPoints(start: Point, end: Point, size = 7): string {
  const length = Math.hypot(end.x - start.x, end.y - start.y) || 1;
  const ux = (end.x - start.x) / length;
  const uy = (end.y - start.y) / length;
  const baseX = end.x - ux * size * 1.4;
  const baseY = end.y - uy * size * 1.4;
  const points = [
    [end.x, end.y],
    [baseX - uy * size, baseY + ux * size],
    [baseX + uy * size, baseY - ux * size],
  ];
  return points.map(([x, y]) => `${round(x!)},${round(y!)}`).join(' ');
}
