// The portal's menu as navigation-and-access.md 2.2 names it: group codes and paths,
// and the children the spec names with a code. The server decides which of them a
// person sees (GET /api/galaxycommon/menu/tree, or the codes of login's
// menuPermissions); this table only supplies titles the server did not send, and the
// menu itself when the server has no menu tree.
//
// Titles are given where the spec gives one; a code the spec names without a title is
// shown as its code rather than with an invented name.

export type Titles = { zh: string; en: string; th: string };

export interface CatalogueEntry {
  code: string;
  title?: Titles;
}

export interface CatalogueGroup {
  code: string;
  path: string;
  title: Titles;
  /** The earlier menu variant (2.2): every child is a document type on the generic form-list page. */
  earlier?: boolean;
  children: CatalogueEntry[];
}

const t = (zh: string, en: string, th: string): Titles => ({ zh, en, th });
const e = (code: string, title?: Titles): CatalogueEntry => ({ code, title });

export const menuCatalogue: CatalogueGroup[] = [
  {
    code: 'MY',
    path: '/MY',
    title: t('我的差旅', 'My travel', 'การเดินทางของฉัน'),
    children: [
      e('MY00001', t('草稿箱', 'Drafts', 'แบบร่าง')),
      e('MY00002', t('我的申请', 'My applications', 'คำขอของฉัน')),
      e('MY00003', t('待我审批', 'Pending my approval', 'รอฉันอนุมัติ')),
      e('MY00004', t('我已审批', 'Approved by me', 'ที่ฉันอนุมัติแล้ว')),
      e('MY00005', t('我的退回单据', 'My returned documents', 'เอกสารที่ถูกส่งคืนของฉัน')),
      e('MY00006', t('撤销', 'Cancellation', 'การยกเลิก')),
      e('MY00009', t('待我确认', 'Awaiting my confirmation', 'รอฉันยืนยัน')),
      e('MY00010', t('我的借款/预付/预提', 'My loans, prepayments and withholdings', 'เงินยืม เงินจ่ายล่วงหน้า และรายการค้างจ่ายของฉัน')),
      e('MY00011', t('个人信息', 'Personal info', 'ข้อมูลส่วนตัว')),
    ],
  },
  { code: 'YX17', path: '/YX17', title: t('历史商旅', 'Historical business travel', 'ประวัติการเดินทางธุรกิจ'), children: [] },
  {
    code: 'main',
    path: '/main',
    title: t('我的报账', 'My reimbursement', 'การเบิกจ่ายของฉัน'),
    children: [
      e('draft', t('草稿箱', 'Drafts', 'แบบร่าง')),
      e('apply', t('我的申请', 'My applications', 'คำขอของฉัน')),
      e('backlog', t('我的待办', 'My to-do', 'งานที่ต้องทำ')),
      e('haveDone', t('我的已办', 'My completed', 'งานที่เสร็จแล้ว')),
      e('paymentStateView', t('支付状态', 'Payment status', 'สถานะการจ่ายเงิน')),
      e('myPayment', t('我的付款', 'My payments', 'การจ่ายเงินของฉัน')),
      e('myInvoice', t('我的发票', 'My invoices', 'ใบกำกับภาษีของฉัน')),
      e('myTravelTrip', t('我的行程', 'My trips', 'การเดินทางของฉัน')),
      e('toConfirm', t('待确认', 'To confirm', 'รอยืนยัน')),
      e('proxyAuthCfgView', t('代理制单授权', 'Proxy document-creation authorization', 'การมอบอำนาจจัดทำเอกสารแทน')),
      e('myInformation', t('个人信息', 'My information', 'ข้อมูลของฉัน')),
      e('withholding', t('预提', 'Withholding', 'รายการค้างจ่าย')),
    ],
  },
  {
    code: 'BV',
    path: '/BV',
    title: t('事前申请', 'Pre-approval requests', 'คำขออนุมัติล่วงหน้า'),
    children: [
      e('SQ00001', t('出差申请（无HR）', 'Trip request without HR', 'คำขอเดินทาง (ไม่ผ่าน HR)')),
      e('PA', t('会议费申请', 'Meeting fee', 'ค่าประชุม')),
      e('PB', t('业务招待申请', 'Business hospitality', 'ค่ารับรองทางธุรกิจ')),
      e('TA', t('出差申请', 'Trip request', 'คำขอเดินทาง')),
      e('TAOUT', t('外部人员出差申请', 'Trip request for external staff', 'คำขอเดินทางของบุคคลภายนอก')),
      e('BVAuth', t('事前申请授权', 'Pre-request authorization', 'การมอบอำนาจคำขอล่วงหน้า')),
    ],
  },
  {
    code: 'YG',
    path: '/YG',
    title: t('员工报销', 'Employee reimbursement', 'การเบิกจ่ายของพนักงาน'),
    children: [
      e('YG00001'),
      e('BE'),
      e('YG00004', t('借款', 'Loan', 'เงินยืม')),
      e('BA', t('借款', 'Loan', 'เงินยืม')),
      e('YG00005', t('还款', 'Repayment', 'การคืนเงิน')),
      e('BC', t('还款', 'Repayment', 'การคืนเงิน')),
    ],
  },
  {
    code: 'ZX',
    path: '/ZX',
    title: t('对公费用报销', 'Public-expense reimbursement', 'การเบิกจ่ายค่าใช้จ่ายส่วนกลาง'),
    children: [
      e('BG'),
      e('BGM', t('多对象招待', 'Multi-object hospitality', 'การรับรองหลายกลุ่ม')),
      e('ZX00001'),
      e('ZX00002'),
      e('ZX00003'),
      e('ZX00004'),
      e('BD'),
      e('ER00003'),
      e('YG00002', t('国内差旅', 'Domestic travel', 'การเดินทางในประเทศ')),
      e('YG00003', t('国外差旅', 'Overseas travel', 'การเดินทางต่างประเทศ')),
      e('TB'),
      e('MY00007', t('差旅发票', 'Travel invoices', 'ใบกำกับภาษีการเดินทาง')),
      e('MY00008', t('行程', 'Trips', 'การเดินทาง')),
    ],
  },
  {
    code: 'ER',
    path: '/ER',
    title: t('对公报账', 'Corporate reimbursement', 'การเบิกจ่ายขององค์กร'),
    children: [
      e('AA', t('预付款', 'Prepayment', 'เงินจ่ายล่วงหน้า')),
      e('AC'),
      e('TD', t('结算付款', 'Settlement payment', 'การจ่ายชำระ')),
      e('AB', t('采购应付', 'Purchase payable', 'เจ้าหนี้การซื้อ')),
      e('AD', t('付款申请', 'Payment request', 'คำขอจ่ายเงิน')),
      e('AE', t('特殊付款', 'Special payment', 'การจ่ายเงินพิเศษ')),
      e('AW', t('跨公司代付', 'Inter-company proxy', 'การจ่ายแทนระหว่างบริษัท')),
      e('AX', t('预提', 'Withholding', 'รายการค้างจ่าย')),
      e('AY', t('预提冲销', 'Withholding reversal', 'การกลับรายการค้างจ่าย')),
      e('AF', t('失败处理', 'Failure handling', 'การจัดการรายการที่ล้มเหลว')),
      e('AG', t('市场营销', 'Marketing', 'การตลาด')),
      e('AH', t('市场营销', 'Marketing', 'การตลาด')),
      e('AK', t('个人借款佣金', 'Personal loan commission', 'ค่านายหน้าเงินกู้ส่วนบุคคล')),
      e('AJ', t('批量付款', 'Batch payment', 'การจ่ายเงินแบบกลุ่ม')),
      e('AL', t('发票更正', 'Invoice correction', 'การแก้ไขใบกำกับภาษี')),
      e('AQ', t('索赔付款', 'Claim payment', 'การจ่ายค่าสินไหม')),
      e('BI', t('诉讼费', 'Litigation fee', 'ค่าธรรมเนียมคดีความ')),
      e('ER00001'),
      e('ER00002'),
    ],
  },
  { code: 'AR', path: '/AR', title: t('应收', 'Receivables', 'ลูกหนี้'), children: ['CC', 'CE', 'CA', 'CD', 'CF'].map((c) => e(c)) },
  { code: 'GL', path: '/GL', title: t('总账', 'General ledger', 'บัญชีแยกประเภท'), children: ['DA', 'DB', 'DZ', 'DC'].map((c) => e(c)) },
  { code: 'AS', path: '/AS', title: t('资产', 'Assets', 'สินทรัพย์'), children: ['FA', 'FB', 'FC', 'FD', 'FE'].map((c) => e(c)) },
  {
    code: 'CO',
    path: '/CO',
    title: t('合同', 'Contracts', 'สัญญา'),
    children: [
      e('HT1', t('合同创建', 'Create contract', 'สร้างสัญญา')),
      e('HT2', t('合同维护', 'Maintain contracts', 'ดูแลสัญญา')),
      e('HT', t('合同流程', 'Contract flow', 'ขั้นตอนสัญญา')),
      e('HT3', t('合同授权', 'Contract authorization', 'การมอบอำนาจสัญญา')),
      e('HT3-2', t('财务授权', 'Finance authorization', 'การมอบอำนาจด้านการเงิน')),
      e('HT4', t('合同查询', 'Contract query', 'ค้นหาสัญญา')),
    ],
  },
  {
    code: 'creditor',
    path: '/creditor',
    title: t('债权', 'Creditor', 'เจ้าหนี้'),
    children: [e('creditorManagement'), e('creditorDetails'), e('creditorInterest')],
  },
  {
    code: 'budget',
    path: '/budget',
    title: t('预算', 'Budget', 'งบประมาณ'),
    children: [
      'budgetTable',
      'Type',
      'Project',
      'Dept',
      'Departmental',
      'Mapping',
      'bugetGroupRelation',
      'Rule',
      'Import',
      'Confirmation',
      'Query',
      'costCenterGroup',
      'bgtLog',
      'budgetAdjust',
    ].map((c) => e(c)),
  },
  { code: 'SL', path: '/SL', title: t('商旅管理', 'Travel management', 'การจัดการการเดินทาง'), children: [e('settlementQuery')] },
  {
    code: 'CW',
    path: '/CW',
    title: t('财务', 'Finance', 'การเงิน'),
    children: [
      e('CW00001', t('预算导入', 'Budget import', 'นำเข้างบประมาณ')),
      e('CW00002', t('凭证导入', 'Voucher import', 'นำเข้าใบสำคัญ')),
      e('CW00003', t('付款导入', 'Payment import', 'นำเข้าการจ่ายเงิน')),
    ],
  },
  { code: 'rpt', path: '/rpt', title: t('报表中心', 'Report center', 'ศูนย์รายงาน'), children: [] },
  {
    code: 'fkRpt',
    path: '/fkRpt',
    title: t('费控报表', 'Expense-control reports', 'รายงานควบคุมค่าใช้จ่าย'),
    children: Array.from({ length: 17 }, (_, i) => e(`FM${String(i + 1).padStart(5, '0')}`)),
  },
  { code: 'cfg', path: '/cfg', title: t('配置中心', 'Configuration center', 'ศูนย์การตั้งค่า'), children: [] },
  // The earlier variant (2.2): each child opens the generic form-list page with ?docType=.
  {
    code: 'payables',
    path: '/payables',
    earlier: true,
    title: t('应付', 'Payables', 'เจ้าหนี้'),
    children: [
      e('AA', t('预付款申请', 'Prepayment request', 'คำขอจ่ายเงินล่วงหน้า')),
      e('AB', t('采购应付', 'Purchase payable', 'เจ้าหนี้การซื้อ')),
      e('AC', t('对公费用', 'Corporate expense', 'ค่าใช้จ่ายองค์กร')),
      e('AD', t('付款申请', 'Payment request', 'คำขอจ่ายเงิน')),
      e('AE', t('一般付款', 'General payment', 'การจ่ายเงินทั่วไป')),
      e('AF', t('重新付款', 'Re-payment', 'การจ่ายเงินซ้ำ')),
    ],
  },
  {
    code: 'AR',
    path: '/AR',
    earlier: true,
    title: t('应收', 'Receivables', 'ลูกหนี้'),
    children: [
      e('CC', t('收款认领', 'Receipt claim', 'การรับรู้การรับเงิน')),
      e('CA', t('收入确认', 'Revenue recognition', 'การรับรู้รายได้')),
      e('CD', t('坏账计提', 'Bad-debt provision', 'ค่าเผื่อหนี้สงสัยจะสูญ')),
    ],
  },
  {
    code: 'GLA',
    path: '/GLA',
    earlier: true,
    title: t('总账', 'General ledger', 'บัญชีแยกประเภท'),
    children: [
      e('DA', t('总账', 'General ledger', 'บัญชีแยกประเภท')),
      e('DB', t('总账调整', 'Ledger adjustment', 'การปรับปรุงบัญชี')),
      e('DZ', t('总账其他', 'Ledger other', 'บัญชีอื่น ๆ')),
    ],
  },
  {
    code: 'Capital',
    path: '/Capital',
    earlier: true,
    title: t('资产', 'Assets', 'สินทรัพย์'),
    children: [e('FA', t('资产报账', 'Asset reimbursement', 'การเบิกจ่ายสินทรัพย์'))],
  },
];

/** The top-level paths of the earlier variant, whose routes are `/payables/:stamp?docType=`. */
export const earlierPaths = ['/payables', '/AR', '/GLA', '/Capital'];

