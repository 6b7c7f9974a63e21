import type { FlowNode } from '@helio/contracts';

/**
 * The pictures inside the power-flow nodes, drawn around (0, 0) within a radius of about 16:
 * a PV panel, a generator, a grid pylon, a battery filled to its SOC, a house and a wallbox.
 */
export function FlowNodeIcon({ node, socPct }: { node: FlowNode; socPct?: number | null }) {
  const common = {
    fill: 'none',
    stroke: 'currentColor',
    strokeWidth: 2,
    strokeLinecap: 'round',
    strokeLinejoin: 'round',
  } as const;
  switch (node) {
    case 'pv':
      return (
        <g {...common} aria-hidden>
          <path d="M-14 8 L-9 -8 H14 L9 8 Z" />
          <path d="M-11.5 0 H11.5 M-3 -8 L-6 8 M5 -8 L2 8" strokeWidth={1.4} />
          <path d="M-2 8 V13 M-6 13 H2" />
        </g>
      );
    case 'generator':
      return (
        <g {...common} aria-hidden>
          <rect x={-13} y={-9} width={26} height={18} rx={3} />
          <path d="M1 -6 L-4 1 H1 L-1 6 L4 -1 H-1 Z" fill="currentColor" strokeWidth={1} />
          <path d="M-9 9 V12 M9 9 V12" />
        </g>
      );
    case 'grid':
      return (
        <g {...common} aria-hidden>
          <path d="M-8 14 L0 -14 L8 14" />
          <path d="M-12 -7 H12 M-9 1 H9 M-5 -14 H5" strokeWidth={1.6} />
          <path d="M-6 7 L6 14 M6 7 L-6 14" strokeWidth={1.2} />
        </g>
      );
    case 'battery': {
      const level = Math.min(100, Math.max(0, socPct ?? 0));
      const height = (22 * level) / 100;
      return (
        <g aria-hidden>
          <rect x={-8} y={-11} width={16} height={24} rx={2} {...common} />
          <rect x={-3.5} y={-14} width={7} height={3} rx={1} fill="currentColor" />
          {socPct !== null && socPct !== undefined && (
            <rect
              x={-6}
              y={12 - height}
              width={12}
              height={height}
              rx={1}
              fill="currentColor"
              opacity={0.55}
            />
          )}
        </g>
      );
    }
    case 'load':
      return (
        <g {...common} aria-hidden>
          <path d="M-14 0 L0 -12 L14 0" />
          <path d="M-10 -3 V12 H10 V-3" />
          <path d="M-3 12 V5 H3 V12" />
        </g>
      );
    case 'ev':
      return (
        <g {...common} aria-hidden>
          <rect x={-10} y={-13} width={15} height={26} rx={3} />
          <path d="M-1 -8 L-6 0 H-1 L-3 7 L2 -1 H-3 Z" fill="currentColor" strokeWidth={1} />
          <path d="M5 -4 H9 A3 3 0 0 1 12 -1 V9 A2 2 0 0 0 14 11" />
        </g>
      );
  }
}
