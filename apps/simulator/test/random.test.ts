import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deriveSeed, normalAt, Random, SmoothNormalProcess, uniformAt } from '../src/random.ts';

function correlation(first: number[], second: number[]): number {
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const firstMean = mean(first);
  const secondMean = mean(second);
  let covariance = 0;
  let firstSpread = 0;
  let secondSpread = 0;
  for (let index = 0; index < first.length; index++) {
    const a = first[index]! - firstMean;
    const b = second[index]! - secondMean;
    covariance += a * b;
    firstSpread += a * a;
    secondSpread += b * b;
  }
  return covariance / Math.sqrt(firstSpread * secondSpread);
}

describe('seeded randomness', () => {
  it('repeats itself for the same seed and differs for another', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const first = new Random(seed);
        const again = new Random(seed);
        const other = new Random(seed + 1);
        const draws = Array.from({ length: 8 }, () => first.next());
        expect(Array.from({ length: 8 }, () => again.next())).toEqual(draws);
        expect(Array.from({ length: 8 }, () => other.next())).not.toEqual(draws);
      }),
    );
  });

  it('keeps every helper in its range', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const random = new Random(seed);
        for (let draw = 0; draw < 50; draw++) {
          const unit = random.next();
          expect(unit).toBeGreaterThanOrEqual(0);
          expect(unit).toBeLessThan(1);
          const uniform = random.uniform(-3, 7);
          expect(uniform).toBeGreaterThanOrEqual(-3);
          expect(uniform).toBeLessThan(7);
          const integer = random.integer(2, 4);
          expect([2, 3, 4]).toContain(integer);
          expect(['a', 'b']).toContain(random.pick(['a', 'b']));
          expect(Number.isFinite(random.normal())).toBe(true);
        }
      }),
    );
    expect(() => new Random(1).pick([])).toThrow(RangeError);
  });

  it('draws normals with mean 0 and deviation 1, and chances at their rate', () => {
    const random = new Random(42);
    const normals = Array.from({ length: 20_000 }, () => random.normal());
    const mean = normals.reduce((sum, value) => sum + value, 0) / normals.length;
    const variance = normals.reduce((sum, value) => sum + (value - mean) ** 2, 0) / normals.length;
    expect(Math.abs(mean)).toBeLessThan(0.03);
    expect(Math.abs(variance - 1)).toBeLessThan(0.05);
    const hits = Array.from({ length: 20_000 }, () => random.chance(0.3)).filter(Boolean).length;
    expect(Math.abs(hits / 20_000 - 0.3)).toBeLessThan(0.015);
  });

  it('derives independent streams from one seed and different labels', () => {
    const seed = 2024;
    expect(deriveSeed(seed, 'station:1')).toBe(deriveSeed(seed, 'station:1'));
    expect(deriveSeed(seed, 'station:1')).not.toBe(deriveSeed(seed, 'station:2'));
    expect(deriveSeed(seed, 'station:1')).not.toBe(deriveSeed(seed + 1, 'station:1'));
    const first = new Random(deriveSeed(seed, 'station:1'));
    const second = new Random(deriveSeed(seed, 'station:2'));
    const firstDraws = Array.from({ length: 10_000 }, () => first.next());
    const secondDraws = Array.from({ length: 10_000 }, () => second.next());
    expect(Math.abs(correlation(firstDraws, secondDraws))).toBeLessThan(0.03);
    // Adding a stream leaves the others alone.
    const again = new Random(deriveSeed(seed, 'station:1'));
    new Random(deriveSeed(seed, 'station:3')).next();
    expect(again.next()).toBe(firstDraws[0]);
  });

  it('answers keyed draws the same whatever the order they are asked in', () => {
    const stream = deriveSeed(7, 'clouds');
    const forward = [0, 1, 2, 3, -5, 2 ** 40].map((index) => uniformAt(stream, index));
    const backward = [2 ** 40, -5, 3, 2, 1, 0].map((index) => uniformAt(stream, index)).reverse();
    expect(backward).toEqual(forward);
    for (const value of forward) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
    }
    const neighbours = Array.from({ length: 10_000 }, (_, index) => uniformAt(stream, index));
    const shifted = Array.from({ length: 10_000 }, (_, index) => uniformAt(stream, index + 1));
    expect(Math.abs(correlation(neighbours, shifted))).toBeLessThan(0.03);
    expect(normalAt(stream, 12)).toBe(normalAt(stream, 12));
  });

  it('gives a smooth normal process that does not depend on how it is walked', () => {
    const stream = deriveSeed(3, 'noise');
    const walked = new SmoothNormalProcess((knot) => normalAt(stream, knot));
    const jumped = new SmoothNormalProcess((knot) => normalAt(stream, knot));
    const positions = Array.from({ length: 400 }, (_, index) => index * 0.05);
    const values = positions.map((position) => walked.at(position));
    expect(
      positions
        .reverse()
        .map((position) => jumped.at(position))
        .reverse(),
    ).toEqual(values);
    // Knot values are the keyed draws; neighbouring steps move a little, not a lot.
    expect(values[20]).toBeCloseTo(normalAt(stream, 1), 12);
    for (let index = 1; index < values.length; index++) {
      expect(Math.abs(values[index]! - values[index - 1]!)).toBeLessThan(1.5);
    }
  });
});
