// What the browser tests share about the line tables of a document form: adding a
// row, typing a line's amount, picking a code of master data in a cell, paying a claim
// with a payment line, and waiting for the head total the engine derives from the
// lines (docs/rules.md "Totals": head.amount and the like are read-only, worked out on
// every evaluate call and save).
import { assert, assertEqual, pickFirstRef, STEP_TIMEOUT } from './harness.mjs';

/** Adds a row to the table (data-table=name) and returns its index. */
export async function addRow(page, table) {
  const rows = page.locator(`[data-table="${table}"] tr[data-row]`);
  const index = await rows.count();
  await page.locator(`[data-table="${table}"] [data-action="add-row"]`).click();
  await page.locator(`[data-table="${table}"] tr[data-row="${index}"]`).waitFor({ timeout: STEP_TIMEOUT });
  return index;
}

/** Types an amount into a money cell (or field) by id and leaves it. */
export async function typeAmount(page, id, amount) {
  const input = page.locator(`[id="${id}"]`);
  await input.fill(String(amount));
  await input.blur();
}

/** Picks the record with this key in a ref picker by typing the key (the picker searches code and name). */
export async function pickRef(page, id, key) {
  const input = page.locator(`[id="${id}"]`);
  await input.click();
  await input.fill(key);
  const option = page.locator(`[role="listbox"] [role="option"][data-option="${key}"]`);
  await option.waitFor({ timeout: STEP_TIMEOUT });
  await option.click();
  await page.locator('[role="listbox"]').waitFor({ state: 'detached', timeout: STEP_TIMEOUT });
}

/** Picks the first non-empty option of an MUI select whose combobox has this id; returns its value. */
export async function chooseFirstOption(page, id) {
  await page.locator(`[id="${id}"][role="combobox"]`).click();
  const option = page.locator('[role="listbox"] [role="option"][data-value]:not([data-value=""])').first();
  await option.waitFor({ timeout: STEP_TIMEOUT });
  const value = await option.getAttribute('data-value');
  await option.click();
  await page.locator('[role="listbox"]').waitFor({ state: 'detached', timeout: STEP_TIMEOUT });
  return value;
}

/** Adds a charge line (lineList) of this amount, its cost type the first one offered; returns its index. */
export async function addChargeLine(page, amount) {
  const index = await addRow(page, 'lineList');
  await pickFirstRef(page, `#root_lineList_${index}_costType`);
  await typeAmount(page, `root_lineList_${index}_amount`, amount);
  return index;
}

/**
 * Adds a payment line (paymentList) paying this amount to the claimant: a claim's rest
 * amount (amount - verified - paid, derived) must come to 0 (rule ex.rest-amount-zero).
 */
export async function addPaymentLine(page, amount, { payee = 'E00001', accountName = '张三' } = {}) {
  const index = await addRow(page, 'paymentList');
  await page.locator(`#root_paymentList_${index}_vendor`).fill(payee);
  await page.locator(`#root_paymentList_${index}_accountName`).fill(accountName);
  await typeAmount(page, `root_paymentList_${index}_paymentAmount`, amount);
  await chooseFirstOption(page, `root_paymentList_${index}_paymentMethod`);
  return index;
}

/** Waits until the field (by id) shows this text, e.g. the derived head amount "1,234.50". */
export async function waitForShown(page, id, text, what = id) {
  try {
    await page.waitForFunction(([i, t]) => document.getElementById(i)?.value === t, [id, text], { timeout: STEP_TIMEOUT });
  } catch {
    const shown = await page.locator(`[id="${id}"]`).inputValue().catch(() => '(no such field)');
    assert(false, `${what}: expected "${text}", shown "${shown}"`);
  }
}

/** The head amount is read-only in the form: the engine derives it from the lines. */
export async function assertHeadAmountReadOnly(page) {
  const input = page.locator('#root_head_amount');
  const editable = await input.isEditable();
  assert(!editable, 'head.amount is read-only (derived from the lines)');
}

/**
 * On the form page of a new EX02: a 通讯费 (A04) claim, which has no itinerary, with this
 * description, a charge line of this amount (the head amount is its total, derived) and a
 * payment line paying it in full (rest amount 0), saved. Returns the create's answer body.
 */
export async function saveCommunicationClaim(page, description, amount = '88') {
  await page.locator('#businessType1').click();
  await page.locator('[role="listbox"] [role="option"][data-option="A04"]').click();
  await page.locator('[role="listbox"]').waitFor({ state: 'detached' });
  await page.locator('#root_head_description').fill(description);
  await addChargeLine(page, amount);
  await addPaymentLine(page, amount);
  await waitForShown(page, 'root_head_amount', Number(amount).toFixed(2), 'head amount derived from the line');
  const created = page.waitForResponse((r) => r.url().includes('/head/create'));
  await page.locator('[data-button="save"]').click();
  const res = await created;
  const body = await res.json();
  assertEqual(res.status(), 200, `create status (${body.message} ${JSON.stringify(body.data?.errors ?? '')})`);
  return body;
}
