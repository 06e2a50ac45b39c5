import { describe, expect, it } from 'vitest';
import { codesOf, draftOf, inputOf, newUserDraft } from './userDraft';

describe('the user dialog', () => {
  it('reads typed company codes', () => {
    expect(codesOf(' 2000, 1100;1200  2000，3000 ')).toEqual(['2000', '1100', '1200', '3000']);
    expect(codesOf('')).toEqual([]);
  });

  it('sends a new user with username and a first password only when typed', () => {
    const d = { ...newUserDraft(), username: ' lisi ', empName: '李四', compId: '1000', companies: '2000' };
    expect(inputOf(d)).toMatchObject({ username: 'lisi', companies: ['2000'], roles: ['employee'], active: true });
    expect(inputOf(d)).not.toHaveProperty('password');
    const withPassword = inputOf({ ...d, password: 'Secret2024', passwordConfirm: 'Secret2025' });
    expect(withPassword).toMatchObject({ password: 'Secret2024', passwordConfirm: 'Secret2025' });
  });

  it('sends a change without username and password, the main company kept apart from the others', () => {
    const d = draftOf({ username: 'lisi', empName: '李四', empId: 'E1', empNo: '', email: '', phone: '', compId: '1000', deptId: '',
      costCenter: '', active: true, hasPassword: true, roles: ['finance'], companies: ['1000', '2000'], updatedAt: '2026-01-01T00:00:00Z', version: 3 });
    expect(d.companies).toBe('2000');
    const input = inputOf({ ...d, password: 'typed', active: false });
    expect(input).not.toHaveProperty('username');
    expect(input).not.toHaveProperty('password');
    expect(input).toMatchObject({ companies: ['2000'], roles: ['finance'], active: false, version: 3 });
    expect(inputOf(newUserDraft())).not.toHaveProperty('version');
  });
});
