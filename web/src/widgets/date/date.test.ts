import { describe, expect, it } from 'vitest';
import { normalizeDate } from './date';

describe('normalizeDate', () => {
  it.each([
    ['2024-01-05', '2024-01-05'],
    ['2024-1-5', '2024-01-05'],
    ['2024/1/5', '2024-01-05'],
    ['2024.01.05', '2024-01-05'],
    ['20240105', '2024-01-05'],
    ['2024年1月5日', '2024-01-05'],
    ['2024-02-29', '2024-02-29'],
  ])('%s -> %s', (text, date) => {
    expect(normalizeDate(text)).toBe(date);
  });

  it('refuses dates that do not exist', () => {
    expect(normalizeDate('2023-02-29')).toBeNull();
    expect(normalizeDate('2024-13-01')).toBeNull();
    expect(normalizeDate('yesterday')).toBeNull();
  });

  it('treats empty text as no value', () => {
    expect(normalizeDate('  ')).toBeUndefined();
  });
});
