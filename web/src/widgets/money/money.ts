// Money as the spec wants it: 2 decimals, bounds +/-999999999999999, thousands separators.

export const MONEY_MAX = 999999999999999;
export const MONEY_MIN = -MONEY_MAX;

/** Text that may still become a money value while it is typed: digits, commas, one point, a leading minus. */
export function isMoneyInput(text: string): boolean {
  return text.length <= 24 && /^\s*-?[\d,]*\.?\d*\s*$/.test(text);
}

/**
 * Rounds a plain decimal string (no exponent) half away from zero to 2 decimals and
 * clamps it to the money bounds. Works on the digits, so 1.005 becomes 1.01 and no
 * binary float noise gets in.
 */
function roundDecimalString(text: string): number {
  const negative = text.startsWith('-');
  const [intRaw, fracRaw = ''] = text.replace(/^-/, '').split('.');
  const intDigits = intRaw.replace(/^0+(?=\d)/, '') || '0';
  const frac = (fracRaw + '000').slice(0, 3);
  let cents = BigInt(intDigits) * 100n + BigInt(frac.slice(0, 2));
  if (Number(frac[2]) >= 5) cents += 1n;
  const maxCents = BigInt(MONEY_MAX) * 100n;
  if (cents > maxCents) cents = maxCents;
  if (cents === 0n) return 0;
  const abs = cents.toString().padStart(3, '0');
  const value = Number(`${abs.slice(0, -2)}.${abs.slice(-2)}`);
  return negative ? -value : value;
}

/**
 * Parses what a person typed ("1,234.5", "-12", "1234.567"): commas are dropped, the
 * result is rounded to 2 decimals and clamped. Empty text (or a lone "-" or ".") is
 * undefined; text that is no number is null.
 */
export function parseMoney(text: string): number | undefined | null {
  const cleaned = text.replace(/[,\s]/g, '');
  if (cleaned === '' || cleaned === '-' || cleaned === '.' || cleaned === '-.') return undefined;
  if (!/^-?\d*\.?\d*$/.test(cleaned)) return null;
  return roundDecimalString(cleaned.startsWith('-.') ? `-0${cleaned.slice(1)}` : cleaned.startsWith('.') ? `0${cleaned}` : cleaned);
}

/** Rounds a number to 2 decimals (half away from zero) within the bounds, without float noise. */
export function roundMoney(value: number): number {
  if (!Number.isFinite(value)) return 0;
  if (value >= MONEY_MAX) return MONEY_MAX;
  if (value <= MONEY_MIN) return MONEY_MIN;
  // toFixed(6) gives a plain decimal string close enough to what was meant (1.005 -> "1.005000").
  return roundDecimalString(value.toFixed(6));
}

/** Coerces a stored value (number or numeric string from the server) to a money number. */
export function toMoney(value: unknown): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  if (typeof value === 'number') return roundMoney(value);
  if (typeof value === 'string') return parseMoney(value) ?? undefined;
  return undefined;
}

/** "1,234.50": 2 decimals and thousands separators; "" for no value. */
export function formatMoney(value: unknown): string {
  const money = toMoney(value);
  if (money === undefined) return '';
  const [intPart, fracPart] = Math.abs(money).toFixed(2).split('.');
  const grouped = intPart.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${money < 0 ? '-' : ''}${grouped}.${fracPart}`;
}

/** The value as it is edited: no separators, no trailing zeros ("1234.5"). */
export function editMoneyText(value: unknown): string {
  const money = toMoney(value);
  if (money === undefined) return '';
  return money.toFixed(2).replace(/\.?0+$/, '');
}
