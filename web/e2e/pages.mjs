// What several browser scenarios do on the worklists and the form, and their calls of the
// API from node with a session token.
import { assert, assertEqual } from './harness.mjs';

/** An API call from node with a session token; resolves {status, body}. */
export async function callApi(serverUrl, token, method, path, body) {
  const res = await fetch(`${serverUrl}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', 'X-token': token },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

/** GET of an API answering the success envelope: its data (asserted S000). */
export async function getData(serverUrl, token, path) {
  const res = await fetch(`${serverUrl}${path}`, { headers: { 'X-token': token, 'Accept-Language': 'zh' } });
  const body = await res.json();
  assert(res.ok && body.code === 'S000', `GET ${path}: ${res.status} ${body.code} ${body.message}`);
  return body.data;
}

/** Opens a sidebar entry (its group first) and waits for the worklist it shows. */
export async function openWorklist(page, group, code, list) {
  const g = page.locator(`[data-menu-group="${group}"]`);
  const head = g.locator('[aria-expanded]').first();
  if ((await head.getAttribute('aria-expanded')) !== 'true') await head.click();
  await g.locator(`[data-menu="${code}"]`).click();
  await page.locator(`[data-page="worklist"][data-list="${list}"] [data-worklist-table][data-loaded="true"]`).waitFor();
}

/** Narrows the worklist on screen to one business id and waits for its row. */
export async function findRow(page, businessId) {
  await page.locator('#worklist-businessId').fill(businessId);
  const answer = page.waitForResponse((r) => r.url().includes('/worklist/query') && r.request().postData()?.includes(businessId));
  await page.locator('[data-action="worklist-query"]').click();
  assertEqual((await answer).status(), 200, 'worklist status');
  const row = page.locator(`[data-worklist-table] tr[data-row="${businessId}"]`);
  await row.waitFor();
  return row;
}

/** The enabled buttons of the form's toolbar. */
export async function toolbar(page) {
  return page.locator('[data-toolbar] button[data-button]:not([disabled])').evaluateAll((els) => els.map((e) => e.getAttribute('data-button')));
}

/** Waits for the form page to show a stored document (its history is asked only when opened: openHistory). */
export async function waitForDocument(page, businessId) {
  await page.locator(`[data-business-id="${businessId}"]`).waitFor();
  await page.locator('[data-form-ready="true"]').waitFor();
}
