import { describe, expect, it } from 'vitest';
import { isPureMode } from './Layout';

describe('pure mode (no header, no sidebar)', () => {
  it('follows ?pureModel', () => {
    expect(isPureMode('?pureModel=1', 'password')).toBe(true);
    expect(isPureMode('?docType=EX02&pureModel', 'password')).toBe(true);
    expect(isPureMode('?pureModel=true', '')).toBe(true);
    expect(isPureMode('?pureModel=0', 'password')).toBe(false);
    expect(isPureMode('?pureModel=false', 'password')).toBe(false);
    expect(isPureMode('', 'password')).toBe(false);
  });

  it('is always on for the mobile login', () => {
    expect(isPureMode('', 'mmdl')).toBe(true);
    expect(isPureMode('?pureModel=0', 'mmdl')).toBe(true);
    expect(isPureMode('', 'k2')).toBe(false);
  });
});
