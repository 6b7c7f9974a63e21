import type { WeatherLabel } from '@helio/contracts';
import type { ReactNode } from 'react';

/**
 * A picture of each weather condition w1–w21 (see `weatherLabelMeanings` in the contracts), drawn
 * from a few shapes in a 48 × 48 box: sun, cloud, fog bands, drops, flakes, pellets, bolt, hail.
 */

type Shape = 'sun' | 'sunCloud' | 'cloud' | 'fog' | 'drizzle' | 'rain' | 'snow' | 'sleet' | 'storm' | 'hail';

interface Look {
  shape: Shape;
  /** Drops, flakes or stones under the cloud. */
  amount?: 1 | 2 | 3;
  icy?: boolean;
  /** Mostly sun (w2) or half (w3). */
  sunny?: boolean;
}

const looks: Record<string, Look> = {
  w1: { shape: 'sun' },
  w2: { shape: 'sunCloud', sunny: true },
  w3: { shape: 'sunCloud' },
  w4: { shape: 'cloud' },
  w5: { shape: 'fog' },
  w6: { shape: 'drizzle' },
  w7: { shape: 'drizzle', icy: true },
  w8: { shape: 'rain', amount: 1 },
  w9: { shape: 'rain', amount: 2 },
  w10: { shape: 'rain', amount: 3 },
  w11: { shape: 'rain', amount: 2, icy: true },
  w12: { shape: 'snow', amount: 1 },
  w13: { shape: 'snow', amount: 2 },
  w14: { shape: 'snow', amount: 3 },
  w15: { shape: 'hail', amount: 1, icy: true },
  w16: { shape: 'sleet' },
  w17: { shape: 'rain', amount: 2 },
  w18: { shape: 'snow', amount: 2 },
  w19: { shape: 'storm' },
  w20: { shape: 'hail', amount: 3 },
};

const SUN = '#f59e0b';
const CLOUD = '#94a3b8';
const WATER = '#3b82f6';
const ICE = '#38bdf8';

const cloudPath = 'M14 30 a7 7 0 0 1 1 -14 a10 10 0 0 1 19 3 a6 6 0 0 1 0 11 Z';

function Sun({ cx, cy, r }: { cx: number; cy: number; r: number }) {
  const rays = [0, 45, 90, 135, 180, 225, 270, 315].map((degrees) => {
    const angle = (degrees * Math.PI) / 180;
    const from = r + 3;
    const to = r + 7;
    return (
      <line
        key={degrees}
        x1={cx + Math.cos(angle) * from}
        y1={cy + Math.sin(angle) * from}
        x2={cx + Math.cos(angle) * to}
        y2={cy + Math.sin(angle) * to}
      />
    );
  });
  return (
    <g stroke={SUN} strokeWidth={2.5} strokeLinecap="round" fill={SUN}>
      <circle cx={cx} cy={cy} r={r} />
      {rays}
    </g>
  );
}

function Cloud({ dark = false }: { dark?: boolean }) {
  return <path d={cloudPath} fill={dark ? '#64748b' : CLOUD} />;
}

/** Marks in up to three columns under the cloud. */
function Falling({ amount, draw }: { amount: number; draw: (x: number, y: number) => ReactNode }) {
  const columns = [18, 25, 32].slice(0, amount === 1 ? 2 : 3);
  const rows = amount === 3 ? [35, 42] : [37];
  // A second row is shifted, as things fall slanted.
  return (
    <>{columns.flatMap((x) => rows.map((y) => <g key={`${x}-${y}`}>{draw(y > 38 ? x - 3 : x, y)}</g>))}</>
  );
}

const drop = (color: string) => (x: number, y: number) => (
  <line
    x1={x + 1.5}
    y1={y - 2}
    x2={x - 1.5}
    y2={y + 3}
    stroke={color}
    strokeWidth={2.2}
    strokeLinecap="round"
  />
);
const flake = (x: number, y: number) => (
  <g stroke={ICE} strokeWidth={1.6} strokeLinecap="round">
    <line x1={x - 3} y1={y} x2={x + 3} y2={y} />
    <line x1={x - 1.5} y1={y - 2.6} x2={x + 1.5} y2={y + 2.6} />
    <line x1={x + 1.5} y1={y - 2.6} x2={x - 1.5} y2={y + 2.6} />
  </g>
);
const stone = (color: string) => (x: number, y: number) => <circle cx={x} cy={y} r={2.2} fill={color} />;

export function WeatherIcon({ condition, size = 48 }: { condition: WeatherLabel; size?: number }) {
  const look = looks[condition];
  let picture: ReactNode;
  if (!look) {
    picture = (
      <>
        <Cloud />
        <text x={24} y={28} textAnchor="middle" fontSize={12} fontWeight={700} fill="#fff">
          ?
        </text>
      </>
    );
  } else {
    switch (look.shape) {
      case 'sun':
        picture = <Sun cx={24} cy={24} r={9} />;
        break;
      case 'sunCloud':
        picture = (
          <>
            <Sun cx={look.sunny ? 20 : 17} cy={look.sunny ? 18 : 16} r={look.sunny ? 8 : 6} />
            <g transform={look.sunny ? 'translate(6 8) scale(0.8)' : 'translate(2 4)'}>
              <Cloud />
            </g>
          </>
        );
        break;
      case 'cloud':
        picture = (
          <g transform="translate(0 4)">
            <Cloud />
          </g>
        );
        break;
      case 'fog':
        picture = (
          <>
            <g transform="translate(0 -4)">
              <Cloud />
            </g>
            <g stroke={CLOUD} strokeWidth={2.5} strokeLinecap="round">
              <line x1={10} y1={32} x2={38} y2={32} />
              <line x1={14} y1={38} x2={34} y2={38} />
            </g>
          </>
        );
        break;
      case 'drizzle':
        picture = (
          <>
            <Cloud />
            <Falling amount={1} draw={look.icy ? stone(ICE) : stone(WATER)} />
          </>
        );
        break;
      case 'rain':
        picture = (
          <>
            <Cloud dark={look.amount === 3} />
            <Falling amount={look.amount ?? 2} draw={drop(look.icy ? ICE : WATER)} />
          </>
        );
        break;
      case 'snow':
        picture = (
          <>
            <Cloud />
            <Falling amount={look.amount ?? 2} draw={flake} />
          </>
        );
        break;
      case 'sleet':
        picture = (
          <>
            <Cloud />
            {drop(WATER)(19, 37)}
            {flake(26, 38)}
            {drop(WATER)(33, 37)}
          </>
        );
        break;
      case 'hail':
        picture = (
          <>
            <Cloud dark={!look.icy} />
            <Falling amount={look.amount ?? 2} draw={stone(look.icy ? ICE : '#94a3b8')} />
          </>
        );
        break;
      case 'storm':
        picture = (
          <>
            <Cloud dark />
            <path d="M25 28 L19 38 H24 L21 46 L30 34 H25 L28 28 Z" fill={SUN} />
          </>
        );
        break;
    }
  }
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" data-condition={condition}>
      {picture}
    </svg>
  );
}
