import { describe, expect, it } from 'vitest';
import { editMoneyText, formatMoney, isMoneyInput, MONEY_MAX, parseMoney, roundMoney, toMoney } from './money';

describe('formatMoney', () => {
  it.each([
    [1234.5, '1,234.50'],
    [0, '0.00'],
    [-0, '0.00'],
    [-1234567.891, '-1,234,567.89'],
    [0.1 + 0.2, '0.30'],
    [1.005, '1.01'],
    [999999999999999, '999,999,999,999,999.00'],
    [1e20, '999,999,999,999,999.00'],
    [-1e20, '-999,999,999,999,999.00'],
    ['1,234.5', '1,234.50'],
    [undefined, ''],
    [null, ''],
    ['', ''],
  ])('%s -> %s', (value, text) => {
    expect(formatMoney(value)).toBe(text);
  });
});

describe('parseMoney', () => {
  it.each([
    ['1,234.50', 1234.5],
    ['1234.567', 1234.57],
    ['1234.565', 1234.57],
    ['-12', -12],
    ['.5', 0.5],
    ['-.5', -0.5],
    ['0.004', 0],
    ['-0.004', 0],
    ['12.', 12],
    ['0001', 1],
    ['9999999999999999', MONEY_MAX],
    ['-9999999999999999', -MONEY_MAX],
  ])('%s -> %s', (text, value) => {
    expect(parseMoney(text)).toBe(value);
  });

  it('gives undefined for empty or lone signs', () => {
    expect(parseMoney('')).toBeUndefined();
    expect(parseMoney('-')).toBeUndefined();
    expect(parseMoney('.')).toBeUndefined();
    expect(parseMoney(' , ')).toBeUndefined();
  });

  it('gives null for text that is no number', () => {
    expect(parseMoney('12a')).toBeNull();
    expect(parseMoney('1.2.3')).toBeNull();
    expect(parseMoney('--1')).toBeNull();
  });

  it('never yields -0', () => {
    expect(Object.is(parseMoney('-0'), 0)).toBe(true);
  });
});

describe('roundMoney', () => {
  it('rounds half away from zero without float noise', () => {
    expect(roundMoney(0.1 + 0.2)).toBe(0.3);
    expect(roundMoney(1.005)).toBe(1.01);
    expect(roundMoney(-1.005)).toBe(-1.01);
    expect(roundMoney(2.675)).toBe(2.68);
    expect(roundMoney(123456789012.345)).toBe(123456789012.35);
  });

  it('clamps to the bounds', () => {
    expect(roundMoney(1e16)).toBe(MONEY_MAX);
    expect(roundMoney(-1e16)).toBe(-MONEY_MAX);
    expect(roundMoney(Number.NaN)).toBe(0);
  });
});

describe('toMoney and editMoneyText', () => {
  it('accepts numeric strings from the server', () => {
    expect(toMoney('1,000.10')).toBe(1000.1);
    expect(toMoney('abc')).toBeUndefined();
  });

  it('edits without separators or trailing zeros', () => {
    expect(editMoneyText(1234.5)).toBe('1234.5');
    expect(editMoneyText(100)).toBe('100');
    expect(editMoneyText(0)).toBe('0');
    expect(editMoneyText(undefined)).toBe('');
  });
});

describe('isMoneyInput', () => {
  it('accepts what may become a number while typing', () => {
    for (const t of ['', '-', '1,2', '1,234.', '1234.56', '.5']) expect(isMoneyInput(t)).toBe(true);
  });
  it('refuses letters and a second point', () => {
    for (const t of ['a', '1.2.3', '1-2', '1e5']) expect(isMoneyInput(t)).toBe(false);
  });
});
