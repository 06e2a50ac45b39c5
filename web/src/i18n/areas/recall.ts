import type { AreaTexts } from '../resources';

// Recall, the rejection on top of a returned document and the budget while drafting
// (issue 12 items 5 and 6): read as t('recall.…').

const texts: AreaTexts = {
  zh: {
    returned: {
      title: '单据已被驳回',
      reason: '驳回原因',
      by: '{{name}} 于 {{at}} 驳回',
      noReason: '（未填写原因）',
    },
    budget: {
      title: '预算占用预览',
      hint: '提交时将占用以下预算（现在不占用）',
      account: '预算科目',
      node: '预算节点',
      available: '可用',
      draw: '本单占用',
      result: '结果',
      ok: '预算充足',
      noBudget: '无预算',
      notControlled: '不控制',
      exceeds: '超出预算',
      control: { strong: '强控制', weak: '弱控制', none: '不控制' },
    },
    worklist: {
      rejectReason: '驳回原因',
      rejectBy: '驳回人',
      recallHint: '以下单据已提交但尚无人审批，可以撤回为草稿',
    },
  },
  en: {
    returned: {
      title: 'This document was returned',
      reason: 'Reason',
      by: 'Returned by {{name}} at {{at}}',
      noReason: '(no reason given)',
    },
    budget: {
      title: 'Budget preview',
      hint: 'On submit this document will occupy the following budgets (nothing is occupied now)',
      account: 'Budget account',
      node: 'Budget node',
      available: 'Available',
      draw: 'This document',
      result: 'Result',
      ok: 'Within budget',
      noBudget: 'No budget',
      notControlled: 'Not controlled',
      exceeds: 'Exceeds the budget',
      control: { strong: 'Strong control', weak: 'Weak control', none: 'Not controlled' },
    },
    worklist: {
      rejectReason: 'Rejection reason',
      rejectBy: 'Rejected by',
      recallHint: 'These documents were submitted and nobody decided yet: they can be recalled to draft',
    },
  },
  th: {
    returned: {
      title: 'เอกสารนี้ถูกส่งคืน',
      reason: 'เหตุผลที่ปฏิเสธ',
      by: 'ส่งคืนโดย {{name}} เมื่อ {{at}}',
      noReason: '(ไม่ได้ระบุเหตุผล)',
    },
    budget: {
      title: 'ตัวอย่างการใช้งบประมาณ',
      hint: 'เมื่อส่งอนุมัติ เอกสารนี้จะใช้งบประมาณต่อไปนี้ (ขณะนี้ยังไม่ได้ใช้)',
      account: 'บัญชีงบประมาณ',
      node: 'โหนดงบประมาณ',
      available: 'คงเหลือ',
      draw: 'เอกสารนี้ใช้',
      result: 'ผลลัพธ์',
      ok: 'งบประมาณเพียงพอ',
      noBudget: 'ไม่มีงบประมาณ',
      notControlled: 'ไม่ควบคุม',
      exceeds: 'เกินงบประมาณ',
      control: { strong: 'ควบคุมแบบเข้มงวด', weak: 'ควบคุมแบบยืดหยุ่น', none: 'ไม่ควบคุม' },
    },
    worklist: {
      rejectReason: 'เหตุผลที่ปฏิเสธ',
      rejectBy: 'ผู้ปฏิเสธ',
      recallHint: 'เอกสารเหล่านี้ส่งอนุมัติแล้วแต่ยังไม่มีผู้พิจารณา จึงเรียกคืนเป็นฉบับร่างได้',
    },
  },
};

export default texts;
