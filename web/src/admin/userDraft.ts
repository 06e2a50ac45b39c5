// What the user dialog edits and what it sends: the server checks every field (the
// username's form, the roles, the companies, the password rule) and refuses naming it.
import type { Account, AccountInput } from './api';

export interface UserDraft {
  /** The user edited; null: a new one. */
  existing: string | null;
  username: string;
  empName: string;
  empId: string;
  email: string;
  phone: string;
  compId: string;
  deptId: string;
  costCenter: string;
  /** The further companies, as typed: codes separated by commas or spaces. */
  companies: string;
  roles: string[];
  active: boolean;
  /** A new user's first password, typed twice (optional). */
  password: string;
  passwordConfirm: string;
  /** The version of the user read (0: a new one): a change made meanwhile refuses the save. */
  version: number;
}

export function newUserDraft(): UserDraft {
  return { existing: null, username: '', empName: '', empId: '', email: '', phone: '', compId: '', deptId: '', costCenter: '',
    companies: '', roles: ['employee'], active: true, password: '', passwordConfirm: '', version: 0 };
}

export function draftOf(a: Account): UserDraft {
  return { existing: a.username, username: a.username, empName: a.empName, empId: a.empId, email: a.email, phone: a.phone,
    compId: a.compId, deptId: a.deptId, costCenter: a.costCenter,
    companies: (a.companies ?? []).filter((c) => c !== a.compId).join(', '), roles: a.roles ?? [], active: a.active,
    password: '', passwordConfirm: '', version: a.version };
}

/** The codes of a typed list: split at commas, semicolons and white space, blanks and repeats left out. */
export function codesOf(text: string): string[] {
  return [...new Set(text.split(/[\s,;，；]+/).filter(Boolean))];
}

/**
 * The body the server takes: a new user with their username (and first password when
 * typed), a change without either (the server refuses changing them).
 */
export function inputOf(d: UserDraft): AccountInput {
  const input: AccountInput = { empName: d.empName, empId: d.empId, email: d.email, phone: d.phone, compId: d.compId,
    deptId: d.deptId, costCenter: d.costCenter, companies: codesOf(d.companies), roles: d.roles, active: d.active };
  if (d.existing !== null) input.version = d.version;
  if (d.existing === null) {
    input.username = d.username.trim();
    if (d.password || d.passwordConfirm) {
      input.password = d.password;
      input.passwordConfirm = d.passwordConfirm;
    }
  }
  return input;
}
