import { describe, expect, it } from 'vitest';
import { CLICK_THRESHOLD_MS, clampPosition, pressKind } from './pressKind';

describe('advice button: click or drag', () => {
  it('counts a press shorter than 300 ms as a click', () => {
    expect(CLICK_THRESHOLD_MS).toBe(300);
    expect(pressKind(1000, 1000)).toBe('click');
    expect(pressKind(1000, 1150)).toBe('click');
    expect(pressKind(1000, 1299.9)).toBe('click');
  });

  it('counts a press of 300 ms or more as a drag', () => {
    expect(pressKind(1000, 1300)).toBe('drag');
    expect(pressKind(1000, 5000)).toBe('drag');
  });

  it('keeps the button inside the window', () => {
    expect(clampPosition(-10, -5, 48, 48, 800, 600)).toEqual({ x: 0, y: 0 });
    expect(clampPosition(900, 700, 48, 48, 800, 600)).toEqual({ x: 752, y: 552 });
    expect(clampPosition(100, 200, 48, 48, 800, 600)).toEqual({ x: 100, y: 200 });
    expect(clampPosition(10, 10, 48, 48, 20, 20)).toEqual({ x: 0, y: 0 });
  });
});
