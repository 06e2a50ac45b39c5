import type { AreaTexts } from '../resources';

// Money out on the form of an approved document (issue 13's done-when): its payment
// lines and its voucher's posting state, read-only for anyone who may read the
// document; read as t('moneyout.…').

const texts: AreaTexts = {
  zh: {
    title: '付款与凭证',
    payments: '付款',
    voucher: '会计凭证',
    states: { none: '不生成凭证', notPosted: '未过账', posted: '已过账', failed: '过账失败', reversed: '已冲销' },
    posted: '会计凭证号 {{belnr}}，过账日期 {{date}}',
    failed: '会计系统信息：{{msg}}',
    reversed: '冲销凭证号 {{belnr}}，冲销日期 {{date}}',
    none: '本单据尚未审批通过，或其单据类型不生成凭证',
    notPosted: '财务尚未过账',
    loadFailed: '无法读取付款与凭证信息：{{msg}}',
  },
  en: {
    title: 'Payment and voucher',
    payments: 'Payments',
    voucher: 'Accounting voucher',
    states: { none: 'No voucher', notPosted: 'Not posted', posted: 'Posted', failed: 'Posting failed', reversed: 'Reversed' },
    posted: 'Accounting document {{belnr}}, posted on {{date}}',
    failed: 'The accounting system says: {{msg}}',
    reversed: 'Reversal document {{belnr}}, reversed on {{date}}',
    none: 'This document is not approved yet, or its type makes no voucher',
    notPosted: 'Finance has not posted it yet',
    loadFailed: 'The payment and voucher information could not be read: {{msg}}',
  },
  th: {
    title: 'การจ่ายเงินและใบสำคัญ',
    payments: 'การจ่ายเงิน',
    voucher: 'ใบสำคัญทางบัญชี',
    states: { none: 'ไม่มีใบสำคัญ', notPosted: 'ยังไม่ผ่านรายการ', posted: 'ผ่านรายการแล้ว', failed: 'ผ่านรายการไม่สำเร็จ', reversed: 'กลับรายการแล้ว' },
    posted: 'เอกสารบัญชี {{belnr}} ผ่านรายการวันที่ {{date}}',
    failed: 'ข้อความจากระบบบัญชี: {{msg}}',
    reversed: 'เอกสารกลับรายการ {{belnr}} กลับรายการวันที่ {{date}}',
    none: 'เอกสารนี้ยังไม่ได้รับอนุมัติ หรือประเภทเอกสารนี้ไม่สร้างใบสำคัญ',
    notPosted: 'ฝ่ายการเงินยังไม่ได้ผ่านรายการ',
    loadFailed: 'อ่านข้อมูลการจ่ายเงินและใบสำคัญไม่ได้: {{msg}}',
  },
};

export default texts;
