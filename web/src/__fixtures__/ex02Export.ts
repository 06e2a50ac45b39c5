import type { FormExport } from '../api/types';

/** A hand-written EX02 export shaped as docs/api.md describes it, for tests without the server. */
export const ex02Export: FormExport = {
  docType: 'EX02',
  family: 'ap',
  edition: 'form',
  version: 1,
  title: '员工报销',
  leadPage: '',
  description: '',
  schema: {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: '员工报销',
    type: 'object',
    properties: {
      head: {
        type: 'object',
        title: '单据头',
        required: ['description'],
        properties: {
          businessId: { type: 'string', title: '单据编号' },
          docType: { type: 'string', title: '单据类型' },
          businessType1: { type: 'string', title: '业务大类' },
          businessType2: { type: 'string', title: '业务小类' },
          description: { type: 'string', title: '摘要', maxLength: 200 },
          amount: { type: 'number', title: '金额', multipleOf: 0.01, minimum: -999999999999999, maximum: 999999999999999 },
          currency: {
            type: 'string',
            title: '币种',
            oneOf: [
              { const: 'CNY', title: '人民币' },
              { const: 'USD', title: '美元' },
            ],
          },
          exchangeRate: { type: 'number', title: '汇率' },
          dueDate: { type: 'string', format: 'date', title: '到期日' },
          reason: { type: 'string', title: '例外原因' },
        },
      },
      lineList: {
        type: 'array',
        title: '费用明细',
        items: {
          type: 'object',
          required: ['costType'],
          properties: {
            status: { type: 'string', title: '状态' },
            expDate: { type: 'string', format: 'date', title: '费用日期' },
            costType: {
              type: 'string',
              title: '费用类型',
              oneOf: [
                { const: 'C01', title: '交通费' },
                { const: 'C02', title: '住宿费' },
              ],
            },
            advApplyAmount: { type: 'number', title: '申请金额', multipleOf: 0.01 },
            flag: { type: 'string', title: '标记' },
          },
        },
      },
    },
  },
  uiSchema: {
    'ui:order': ['head', 'lineList'],
    head: {
      'ui:order': ['businessId', 'docType', 'businessType1', 'businessType2', 'description', 'amount', 'currency', 'exchangeRate', 'dueDate', 'reason', 'notInSchema'],
      businessId: { 'ui:readonly': true },
      docType: { 'ui:widget': 'hidden' },
      description: { 'ui:widget': 'textarea' },
      amount: { 'ui:widget': 'money' },
      dueDate: { 'ui:widget': 'date' },
    },
    lineList: {
      'ui:field': 'lineTable',
      'ui:options': { statusField: 'status' },
      items: {
        'ui:order': ['status', 'expDate', 'costType', 'advApplyAmount'],
        expDate: { 'ui:widget': 'date' },
        advApplyAmount: { 'ui:widget': 'money' },
        flag: { 'ui:widget': 'hidden' },
      },
    },
  },
  subTypes: {
    businessType1: [
      { key: 'A01', value: '差旅费', children: [{ key: 'A0101', value: '国内差旅' }] },
      { key: 'A05', value: '借款核销' },
    ],
  },
  buttons: ['save', 'imageUpload', 'imageView', 'invoiceDetail'],
};
