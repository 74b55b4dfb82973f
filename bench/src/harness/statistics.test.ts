import { describe, expect, it } from 'vitest';
import { mean, median, middleValue, percentile, round } from './statistics.js';

describe('statistics', () => {
  it('takes the middle value of an odd count and the mean of the two middle values of an even count', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });

  it('takes the middle value of the sorted values, the upper one of an even count', () => {
    expect(middleValue([5, 1, 3])).toBe(3);
    expect(middleValue([4, 1, 3, 2])).toBe(3);
    expect(middleValue([])).toBeNaN();
  });

  it('takes percentiles by nearest rank', () => {
    const values = Array.from({ length: 100 }, (_, index) => index + 1);
    expect(percentile(values, 0.99)).toBe(99);
    expect(percentile(values, 0.5)).toBe(50);
    expect(percentile([7], 0.9)).toBe(7);
  });

  it('averages and rounds to significant digits', () => {
    expect(mean([1, 2, 6])).toBe(3);
    expect(round(123_456, 3)).toBe(123_000);
    expect(round(0.012345, 2)).toBe(0.012);
  });
});
