// Browser test of the document lifecycle against a real formwork server: worklists
// (draft box, to-do, my applications, my completed, my returned documents) with their
// filters, quick ranges and paging, the form's lifecycle toolbar (submit, approve,
// reject with a comment), the weak-control budget question on submit, the approval
// history and the print view. employee01 files two EX02 claims; manager01 approves one
// from the to-do list and rejects the other on the form; finance01 gives the second
// approval; employee01 finds the approved one in "my applications" with manager01's
// approval in its history, and the rejected one back in "my returned documents",
// editable again. Run by e2e/run.mjs (npm run e2e).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { assert, assertEqual, loginThroughApi, loginThroughPage, openPage, repoDir, scenario, STEP_TIMEOUT } from './harness.mjs';
import { callApi, findRow, openWorklist, toolbar, waitForDocument } from './pages.mjs';

const example = JSON.parse(readFileSync(join(repoDir, 'rules/examples/form/EX02.json'), 'utf8'));

/** Opens the approval history on the form (one request) and waits for it. */
async function openHistory(page, businessId) {
  if ((await page.locator('[data-history-panel="open"]').count()) === 0) await page.locator('[data-action="history"]').click();
  await page.locator(`[data-history="${businessId}"]`).waitFor();
}

/** Waits for the document's state on the form, and in the history when it is open. */
async function waitForStatus(page, status) {
  await page.locator(`[data-document-status="${status}"]`).waitFor();
  if ((await page.locator('[data-history-panel="open"]').count()) > 0) await page.locator(`[data-history][data-status="${status}"]`).waitFor();
}

export async function run({ browser, baseUrl, serverUrl }) {
  let page;
  const s = scenario('lifecycle', () => page);
  const step = s.step.bind(s);
  const probes = [];
  const stamp = Date.now();
  const approveText = `E2E 审批 ${stamp}`;
  const rejectText = `E2E 驳回 ${stamp}`;
  const approveComment = `同意报销（E2E ${stamp}）`;
  const rejectComment = `请补充住宿发票（E2E ${stamp}）`;
  let toApprove = '';
  let toReject = '';
  let employee;
  let manager;
  let finance;

  await step('employee01 files two EX02 drafts (one over the weak lodging budget)', async () => {
    const { token } = await loginThroughApi(serverUrl, 'employee01', 'demo123');
    const create = async (doc) => {
      const res = await callApi(serverUrl, token, 'POST', '/api/galaxyform/yx/ap/head/create?action=new', doc);
      assertEqual(res.status, 200, `create (${res.body.message} ${JSON.stringify(res.body.data?.errors ?? '')})`);
      return res.body.data.head.businessId;
    };
    toApprove = await create({ ...example, head: { ...example.head, description: approveText } });
    // 住宿费 draws on the lodging budget (weak control, 60,000 a month for 2026-01..2027-12 in
    // seeds/budget.yaml; EX02 has no document date, so the month it is created): 65,000 asks to confirm on submit.
    // The itinerary line is 交通费, which has no travel standard: the lodging standard of employee01's
    // rank would ask to confirm the excess on create already (rules/standards.yaml).
    const lodging = 65000;
    const big = {
      ...example,
      head: { ...example.head, description: rejectText, amount: lodging },
      lineList: [{ costType: '住宿费', amount: lodging, expDate: '2026-11-11' }],
      itemList: [{ ...example.itemList[0], costType: '交通费', amount: lodging, taxAmount: Math.round((lodging * 0.09 * 100) / 1.09) / 100 }],
      paymentList: [{ ...example.paymentList[0], paymentAmount: lodging }],
    };
    toReject = await create(big);
    console.log(`     ${toApprove} to approve, ${toReject} to reject`);
  });

  await step('employee01 finds the draft in the draft box (quick range and business id filters)', async () => {
    employee = await openPage(browser, 'employee01');
    probes.push(employee);
    page = employee.page;
    await loginThroughPage(page, baseUrl, 'employee01', 'demo123');
    await page.locator('[data-page="dashboard"]').waitFor();
    await openWorklist(page, 'MY', 'MY00001', 'draft');
    const ranged = page.waitForResponse((r) => r.url().includes('/worklist/query') && r.request().postDataJSON()?.quickRange === 7);
    await page.locator('[data-quick-range="7"]').click();
    const body = (await ranged).request().postDataJSON();
    assertEqual(body.list, 'draft', 'list');
    assertEqual(body.pageSize, 10, 'default page size');
    assertEqual(body.currentPage, 1, 'first page');
    const from = await page.locator('#worklist-createAtFrom').inputValue();
    const to = await page.locator('#worklist-createAtTo').inputValue();
    assert(/^\d{4}-\d\d-\d\d$/.test(from) && /^\d{4}-\d\d-\d\d$/.test(to) && from < to, `the range shows its dates: ${from} .. ${to}`);
    const row = await findRow(page, toApprove);
    assert((await row.innerText()).includes(approveText), 'the row shows the description');
    assert((await row.locator('[data-cell="status"]').innerText()).includes('草稿'), 'status 草稿');
  });

  await step('the draft opens in edit mode with the actions the server allows, and submits', async () => {
    await page.locator(`[data-open="${toApprove}"]`).click();
    await page.waitForURL((u) => u.pathname === '/form' && u.searchParams.get('businessId') === toApprove && u.searchParams.get('action') === 'edit');
    await waitForDocument(page, toApprove);
    const buttons = await toolbar(page);
    for (const b of ['save', 'tempSave', 'submit', 'void', 'print']) assert(buttons.includes(b), `toolbar has ${b}: ${buttons}`);
    assert(!buttons.includes('approve'), `no approve on one's own draft: ${buttons}`);
    const answer = page.waitForResponse((r) => r.url().includes('/process/startProcess'));
    await page.locator('[data-button="submit"]').click();
    assertEqual((await answer).status(), 200, 'submit status');
    await page.locator('[data-notice="lifecycle"]').waitFor();
    await waitForStatus(page, 'inApproval');
    assertEqual((await toolbar(page)).join(','), 'recall,print', 'in approval, before any decision, the applicant can recall and print');
    await openHistory(page, toApprove);
    await page.locator('[data-history-events] tr[data-event="submit"]').waitFor();
    const task = page.locator('[data-history-tasks] tr[data-task-status="open"]');
    assert((await task.innerText()).includes('李四'), 'the first task waits for 李四');
    assert(await page.locator('#root_head_description').isDisabled(), 'the form is read-only in approval');
  });

  await step('a weak-control refusal on submit asks 提示 and goes on only after 确认', async () => {
    employee.expectFailure(422, '/process/startProcess');
    await page.goto(`${baseUrl}/form?docType=EX02&businessId=${toReject}&action=edit`);
    await waitForDocument(page, toReject);
    const calls = [];
    const onRequest = (r) => {
      if (r.url().includes('/process/startProcess')) calls.push(r.url());
    };
    page.on('request', onRequest);
    const refused = page.waitForResponse((r) => r.url().includes('/process/startProcess'));
    await page.locator('[data-button="submit"]').click();
    const res = await refused;
    assertEqual(res.status(), 422, 'first submit status');
    const body = await res.json();
    assertEqual(body.code, 'ECONFIRM', 'code');
    const finding = body.data.errors.find((e) => e.rule === 'budget.weak');
    assert(finding, `a budget.weak finding in ${JSON.stringify(body.data.errors)}`);
    const dialog = page.locator('[data-dialog="confirm"]');
    await dialog.waitFor();
    const text = await dialog.innerText();
    assert(text.includes('提示') && text.includes(finding.message), `the question shows 提示 and the finding: ${text}`);
    await dialog.getByRole('button', { name: '取消' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.waitForTimeout(300);
    assertEqual(calls.length, 1, 'cancel sends nothing more');
    await page.locator('[data-document-status="draft"]').waitFor();

    const confirmed = page.waitForResponse((r) => r.url().includes('/process/startProcess') && r.url().includes('confirm='));
    await page.locator('[data-button="submit"]').click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: '确认' }).click();
    const ok = await confirmed;
    assertEqual(ok.status(), 200, 'confirmed submit status');
    assert(new URL(ok.url()).searchParams.get('confirm') === 'budget.weak', `resent with confirm=budget.weak: ${ok.url()}`);
    page.off('request', onRequest);
    await waitForStatus(page, 'inApproval');
  });

  await step('manager01 sees both in 我的待办 and approves one from the list with a comment', async () => {
    manager = await openPage(browser, 'manager01');
    probes.push(manager);
    page = manager.page;
    await loginThroughPage(page, baseUrl, 'manager01', 'demo123');
    await page.locator('[data-page="dashboard"]').waitFor();
    await openWorklist(page, 'main', 'backlog', 'todo');
    await page.locator(`[data-worklist-table] tr[data-row="${toReject}"]`).waitFor();
    const row = await findRow(page, toApprove);
    assert((await row.locator('[data-cell="step"]').innerText()).includes('一级审批'), 'the step is shown');
    await row.locator('[data-row-action="approve"]').click();
    const dialog = page.locator('[data-dialog="comment"][data-action="approve"]');
    await dialog.waitFor();
    await dialog.locator('#process-comment').fill(approveComment);
    const answer = page.waitForResponse((r) => r.url().includes('/process/complete'));
    await dialog.locator('[data-action="confirm-comment"]').click();
    const res = await answer;
    assertEqual(res.status(), 200, 'approve status');
    const sent = res.request().postDataJSON();
    assertEqual(sent.result, 'approve', 'result');
    assertEqual(sent.comment, approveComment, 'comment');
    assert(Number.isInteger(sent.taskId), 'taskId sent');
    await page.locator('[data-notice="lifecycle"]').waitFor();
    await page.locator(`[data-worklist-table] tr[data-row="${toApprove}"]`).waitFor({ state: 'detached' });
  });

  await step('manager01 rejects the other on the form: a reject needs a comment', async () => {
    manager.expectFailure(400, '/process/complete');
    await page.locator('#worklist-businessId').fill('');
    await page.locator('[data-action="worklist-query"]').click();
    await page.locator(`[data-open="${toReject}"]`).click();
    await page.waitForURL((u) => u.searchParams.get('businessId') === toReject && u.searchParams.get('action') === 'oareview');
    await waitForDocument(page, toReject);
    const buttons = await toolbar(page);
    assertEqual(buttons.join(','), 'approve,reject,addSign,supplement,print', 'the approver toolbar');
    await page.locator('[data-button="reject"]').click();
    const dialog = page.locator('[data-dialog="comment"][data-action="reject"]');
    await dialog.waitFor();
    const refused = page.waitForResponse((r) => r.url().includes('/process/complete'));
    await dialog.locator('[data-action="confirm-comment"]').click();
    assertEqual((await refused).status(), 400, 'reject without a comment');
    await dialog.locator('[data-error="comment"]').waitFor();
    await dialog.locator('#process-comment').fill(rejectComment);
    const answer = page.waitForResponse((r) => r.url().includes('/process/complete'));
    await dialog.locator('[data-action="confirm-comment"]').click();
    assertEqual((await answer).status(), 200, 'reject status');
    await dialog.waitFor({ state: 'detached' });
    await waitForStatus(page, 'returned');
    await openHistory(page, toReject);
    await waitForStatus(page, 'returned');
    const done = page.locator('[data-history-tasks] tr[data-task-result="reject"]');
    assert((await done.innerText()).includes(rejectComment), 'the rejection and its comment are in the history');
  });

  await step('manager01 finds the approval in 我的已办', async () => {
    await openWorklist(page, 'main', 'haveDone', 'done');
    const row = await findRow(page, toApprove);
    assert((await row.locator('[data-cell="taskReult"]').innerText()).includes('同意'), 'result 同意');
  });

  await step('finance01 gives the second approval on the form', async () => {
    finance = await openPage(browser, 'finance01');
    probes.push(finance);
    page = finance.page;
    await loginThroughPage(page, baseUrl, 'finance01', 'demo123');
    await page.goto(`${baseUrl}/form?docType=EX02&businessId=${toApprove}&action=oareview`);
    await waitForDocument(page, toApprove);
    await page.locator('[data-button="approve"]').click();
    const dialog = page.locator('[data-dialog="comment"][data-action="approve"]');
    await dialog.waitFor();
    await dialog.locator('#process-comment').fill('财务审核通过');
    const answer = page.waitForResponse((r) => r.url().includes('/process/complete'));
    await dialog.locator('[data-action="confirm-comment"]').click();
    assertEqual((await answer).status(), 200, 'second approval status');
    await waitForStatus(page, 'approved');
  });

  await step("employee01 sees it approved in 我的申请 with manager01's approval in the history", async () => {
    page = employee.page;
    await openWorklist(page, 'MY', 'MY00002', 'applied');
    const row = await findRow(page, toApprove);
    assert((await row.locator('[data-cell="status"]').innerText()).includes('已审批'), 'status 已审批');
    await page.locator(`[data-open="${toApprove}"]`).click();
    await page.waitForURL((u) => u.searchParams.get('businessId') === toApprove && u.searchParams.get('action') === 'read');
    await waitForDocument(page, toApprove);
    await openHistory(page, toApprove);
    await waitForStatus(page, 'approved');
    const approval = page.locator('[data-history-tasks] tr[data-task-result="approve"]').first();
    assert((await approval.locator('[data-cell="completeBy"]').innerText()).includes('李四'), 'completeBy 李四');
    assert(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/.test(await approval.locator('[data-cell="completeAt"]').innerText()), 'completeAt shown');
    assert((await approval.locator('[data-cell="taskReult"]').innerText()).includes('同意'), 'taskReult 同意');
    assertEqual((await approval.locator('[data-cell="taskReultComment"]').innerText()).trim(), approveComment, 'taskReultComment');
    assertEqual((await toolbar(page)).join(','), 'print', 'an approved document only prints');
  });

  await step('print opens the server print view', async () => {
    const popup = page.waitForEvent('popup');
    await page.locator('[data-button="print"]').click();
    const view = await popup;
    await view.waitForFunction((id) => document.body?.innerText.includes(id), toApprove, { timeout: STEP_TIMEOUT });
    const text = await view.locator('body').innerText();
    assert(text.includes('已审批') || text.includes('approved'), `the print view shows the state: ${text.slice(0, 200)}`);
    await view.close();
  });

  await step('the rejected claim is in 我的退回单据 and editable again', async () => {
    await openWorklist(page, 'MY', 'MY00005', 'returned');
    const row = await findRow(page, toReject);
    assert((await row.locator('[data-cell="status"]').innerText()).includes('已退回'), 'status 已退回');
    await page.locator(`[data-open="${toReject}"]`).click();
    await page.waitForURL((u) => u.searchParams.get('businessId') === toReject && u.searchParams.get('action') === 'edit');
    await waitForDocument(page, toReject);
    const buttons = await toolbar(page);
    assert(buttons.includes('save') && buttons.includes('submit'), `save and submit again: ${buttons}`);
    const description = page.locator('#root_head_description');
    assert(await description.isEnabled(), 'the description is editable');
    await description.fill(`${rejectText}（已补充）`);
    const answer = page.waitForResponse((r) => r.url().includes('/head/update'));
    await page.locator('[data-button="save"]').click();
    assertEqual((await answer).status(), 200, 'save of the returned claim');
    await page.locator('[data-notice="saved"]').waitFor();
    await waitForStatus(page, 'returned');
  });

  await step(
    'no console errors or warnings',
    async () => {
      assert(probes.length > 0, 'no page ran');
      for (const p of probes) p.assertNoConsoleProblems();
    },
    { always: true },
  );
  for (const p of probes) await p.context.close().catch(() => undefined);
}
