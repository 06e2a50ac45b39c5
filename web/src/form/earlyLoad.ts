import type { QueryClient } from '@tanstack/react-query';
import { currentUserQuery, docTypesQuery, editionOf, editionsQuery, formExportQuery, menuTreeQuery } from '../api/queries';
import type { StoredForm } from '../api/types';
import { hasCredential, read, session, write } from '../auth/storage';
import { formExportParams } from './exportParams';
import { familiesOf, loadUnderFamily } from './family';

// A stored document opened by its address (/form?docType=&businessId=, a reload, a link)
// is asked for as the app starts, before the session, the menu and the registry list
// have answered: its load, then at once the export its answer names. The form page's
// load takes that answer instead of asking again (takeEarlyLoad), and its export query
// finds the export in the cache. Without these, the page asked in turn for the editions,
// the registry list (for the family), the load and the export, each after a render.
// Alongside, on any /form address, the session's own requests (the current user, the
// editions, the menu) go out at once instead of after the first render, and, once the
// editions answer, the registry list of the edition of the company last chosen (the menu
// asks for it, and the form waited on it: make bench-web's trace).

/** Where the families that last answered a load are kept, by document type: a hint only (the server refuses a wrong one with 400). */
export const FAMILY_HINTS_KEY = 'formwork.loadFamilies';

function familyHints(): Record<string, string> {
  try {
    const held = JSON.parse(read(FAMILY_HINTS_KEY) || '{}') as unknown;
    return held && typeof held === 'object' && !Array.isArray(held) ? (held as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** The family a document of docType was last loaded under ('' when none is known). */
export function familyHint(docType: string): string {
  const f = familyHints()[docType];
  return typeof f === 'string' ? f : '';
}

/** Remembers the family a document of docType answered under (the next opening starts with it). */
export function rememberFamily(docType: string, family: string): void {
  if (!docType || !family || familyHint(docType) === family) return;
  write(FAMILY_HINTS_KEY, JSON.stringify({ ...familyHints(), [docType]: family }));
}

interface EarlyLoad {
  businessId: string;
  action: string;
  answer: Promise<StoredForm>;
  /** performance.now() when it was sent. */
  sentAt: number;
}

/**
 * How long an early answer may wait for the page (ms): a page that opens later (the
 * person was sent to log in first, or went elsewhere and came back) loads afresh.
 */
export const EARLY_LOAD_KEPT_MS = 30_000;

let early: EarlyLoad | null = null;

/** What the form page's address names: docType, businessId and the action mode (as FormPage reads them). */
export function formAddress(pathname: string, search: string): { docType: string; businessId: string; action: string } | null {
  if (pathname.replace(/\/+$/, '') !== '/form') return null;
  const q = new URLSearchParams(search);
  const docType = q.get('docType') ?? '';
  const businessId = q.get('businessId') ?? '';
  if (!docType || !businessId) return null;
  return { docType, businessId, action: q.get('action') || 'edit' };
}

/**
 * Starts the load of the stored document the address names (when someone is signed in
 * and the family of its type is known from an earlier load), and the export its answer
 * names into the query cache. When the server refuses the hinted family, the families
 * every edition files the type under are tried, as the page does. Returns whether it started.
 */
export function startEarlyLoad(client: QueryClient, where: { pathname: string; search: string }, lang: string): boolean {
  early = null;
  if (where.pathname.replace(/\/+$/, '') !== '/form' || !hasCredential()) return false;
  // what SessionProvider, useEdition and the menu ask for whenever someone is signed in
  for (const q of [currentUserQuery(), menuTreeQuery()]) void client.prefetchQuery(q as Parameters<QueryClient['prefetchQuery']>[0]);
  const company = session.company();
  void client
    .fetchQuery(editionsQuery())
    .then((editions) => client.prefetchQuery(docTypesQuery(lang, editionOf(editions, company))))
    .catch(() => {
      // the page asks itself and shows what it is told
    });
  const address = formAddress(where.pathname, where.search);
  if (!address) return false;
  const family = familyHint(address.docType);
  if (!family) return false;
  const { docType, businessId, action } = address;
  const otherFamilies = async () => familiesOf(await client.fetchQuery(docTypesQuery(lang)), docType);
  const answer = loadUnderFamily({ businessId, action, family, otherFamilies });
  answer
    .then(({ data, form }) => {
      const params = formExportParams({
        docType,
        action: form.action || action,
        lang,
        businessId,
        document: data,
        schema: form.schema,
        schemaLang: lang,
        editionFor: () => '',
        chosenCompany: '',
      });
      if (params) void client.prefetchQuery(formExportQuery(params));
    })
    .catch(() => {
      // A refusal (no session any more, a family no edition files the type under) is not
      // handed over: the page, when it opens, asks itself and shows what it is told.
      if (early?.answer === answer) early = null;
    });
  early = { businessId, action, answer, sentAt: performance.now() };
  return true;
}

/**
 * The early answer for this document and mode, once (a later opening asks again);
 * undefined when none was started, it failed, or it is older than EARLY_LOAD_KEPT_MS.
 */
export function takeEarlyLoad(businessId: string, action: string, now = performance.now()): Promise<StoredForm> | undefined {
  if (early && now - early.sentAt > EARLY_LOAD_KEPT_MS) early = null;
  if (!early || early.businessId !== businessId || early.action !== action) return undefined;
  const { answer } = early;
  early = null;
  return answer;
}

/** Whether an early load for this document and mode waits to be taken. */
export function hasEarlyLoad(businessId: string, action: string): boolean {
  return early !== null && early.businessId === businessId && early.action === action;
}
