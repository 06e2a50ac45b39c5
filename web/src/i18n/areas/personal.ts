import type { AreaTexts } from '../resources';

// Personal pages over documents (issue 15 items 3 and 6): 待确认 (toConfirm, MY00009), 我的行程
// (myTravelTrip, MY00008) and the travel pages of YX17 and SL. Read as t('personal.…').

const texts: AreaTexts = {
  zh: {
    confirm: {
      note: '以下单据的报账人是您，但由他人（代理制单人或财务人员）代为填写，尚未提交或已被退回：请核对后提交，或修改、作废。',
      none: '没有待您确认的单据',
      open: '核对',
      businessId: '单号',
      docType: '单据类型',
      description: '事由',
      createBy: '制单人',
      amount: '金额',
      status: '状态',
      createAt: '创建时间',
    },
    trips: {
      mine: '这里是您作为报账人的出差申请中的行程，以及差旅报销中的行程明细。',
      agency:
        '机票、火车票和酒店的预订订单及结算单由差旅服务商的预订平台保存，本系统没有接入该平台，因此这里不显示订单本身。这里显示的是本系统保存的、您有权查看的出差申请行程和差旅报销行程明细；订单和结算详情请在差旅服务商的平台上查询。',
      settlement: '差旅结算以差旅报销单的行程明细为准：以下是您有权查看的差旅报销单中的行程明细及报销金额。',
      flight: '以下仅列出交通工具为飞机的行程。',
      train: '以下仅列出交通工具为火车的行程。',
      hotel: '酒店住宿按行程的起止日期列出：以下是全部行程。',
      preRequests:
        '本系统没有接入差旅服务商的预订平台，不会把事前申请推送过去。以下是已审批的出差申请及其行程，也就是推送后差旅平台据以预订的内容；请把它们交给差旅服务商，或在其平台上录入。',
      truncated: '共有 {{documents}} 张差旅单据，这里只显示最近的单据中的行程。',
      none: '没有行程',
      businessId: '单号',
      docType: '单据类型',
      applicant: '报账人',
      status: '状态',
      route: '行程',
      dates: '日期',
      days: '天数',
      transport: '交通工具',
      purpose: '出差事由',
      amount: '金额',
    },
  },
  en: {
    confirm: {
      note: 'These documents name you as the reimburser but someone else (a delegate or finance staff) made them, and they are not submitted yet or were returned: check them and submit, change or void them.',
      none: 'Nothing awaits your confirmation',
      open: 'Check',
      businessId: 'Number',
      docType: 'Document type',
      description: 'Description',
      createBy: 'Made by',
      amount: 'Amount',
      status: 'Status',
      createAt: 'Created',
    },
    trips: {
      mine: 'The trips of the trip requests and the trip details of the travel claims that name you as the reimburser.',
      agency:
        "Flight, train and hotel bookings and their settlements are kept by the travel agency's booking platform, which this system is not connected to, so the orders themselves are not shown here. Shown are the trips of the trip requests and the trip details of the travel claims this system holds and you may read; look orders and settlements up on the travel agency's platform.",
      settlement: 'A trip is settled by the trip details of its travel claim: these are the trip details and amounts of the travel claims you may read.',
      flight: 'Only the trips by plane.',
      train: 'Only the trips by train.',
      hotel: 'Hotel stays follow the dates of the trips: every trip is listed.',
      preRequests:
        "This system is not connected to the travel agency's booking platform and pushes no pre-requests to it. Listed are the approved trip requests and their trips, what a push would give the platform to book from; hand them to the travel agency or enter them on its platform.",
      truncated: 'There are {{documents}} travel documents; only the trips of the latest are shown.',
      none: 'No trips',
      businessId: 'Number',
      docType: 'Document type',
      applicant: 'Reimburser',
      status: 'Status',
      route: 'Route',
      dates: 'Dates',
      days: 'Days',
      transport: 'Transport',
      purpose: 'Purpose',
      amount: 'Amount',
    },
  },
  th: {
    confirm: {
      note: 'เอกสารเหล่านี้ระบุคุณเป็นผู้เบิก แต่ผู้อื่น (ผู้รับมอบสิทธิ์หรือเจ้าหน้าที่การเงิน) เป็นผู้จัดทำ และยังไม่ได้ส่งหรือถูกส่งคืน: กรุณาตรวจสอบแล้วส่ง แก้ไข หรือยกเลิก',
      none: 'ไม่มีเอกสารที่รอคุณยืนยัน',
      open: 'ตรวจสอบ',
      businessId: 'เลขที่',
      docType: 'ประเภทเอกสาร',
      description: 'รายละเอียด',
      createBy: 'ผู้จัดทำ',
      amount: 'จำนวนเงิน',
      status: 'สถานะ',
      createAt: 'วันที่สร้าง',
    },
    trips: {
      mine: 'การเดินทางในคำขอเดินทางและรายละเอียดการเดินทางในใบเบิกค่าเดินทางที่ระบุคุณเป็นผู้เบิก',
      agency:
        'การจองตั๋วเครื่องบิน ตั๋วรถไฟ และโรงแรม รวมถึงการชำระเงิน ถูกเก็บไว้ในแพลตฟอร์มการจองของบริษัทตัวแทนการเดินทาง ซึ่งระบบนี้ไม่ได้เชื่อมต่อ จึงไม่แสดงรายการจองที่นี่ ที่แสดงคือการเดินทางในคำขอเดินทางและรายละเอียดการเดินทางในใบเบิกค่าเดินทางที่ระบบนี้เก็บไว้และคุณมีสิทธิ์ดู กรุณาค้นหารายการจองและการชำระเงินในแพลตฟอร์มของบริษัทตัวแทนการเดินทาง',
      settlement: 'การชำระค่าเดินทางยึดตามรายละเอียดการเดินทางในใบเบิกค่าเดินทาง: นี่คือรายละเอียดและจำนวนเงินของใบเบิกค่าเดินทางที่คุณมีสิทธิ์ดู',
      flight: 'เฉพาะการเดินทางโดยเครื่องบิน',
      train: 'เฉพาะการเดินทางโดยรถไฟ',
      hotel: 'การเข้าพักโรงแรมเป็นไปตามวันที่ของการเดินทาง: แสดงการเดินทางทั้งหมด',
      preRequests:
        'ระบบนี้ไม่ได้เชื่อมต่อกับแพลตฟอร์มการจองของบริษัทตัวแทนการเดินทาง และไม่ส่งคำขออนุมัติล่วงหน้าไปยังแพลตฟอร์มนั้น ที่แสดงคือคำขอเดินทางที่อนุมัติแล้วและการเดินทาง ซึ่งเป็นข้อมูลที่แพลตฟอร์มจะใช้จอง กรุณาส่งให้บริษัทตัวแทนการเดินทางหรือบันทึกในแพลตฟอร์มของบริษัทนั้น',
      truncated: 'มีเอกสารการเดินทาง {{documents}} ฉบับ แสดงเฉพาะการเดินทางของฉบับล่าสุด',
      none: 'ไม่มีการเดินทาง',
      businessId: 'เลขที่',
      docType: 'ประเภทเอกสาร',
      applicant: 'ผู้เบิก',
      status: 'สถานะ',
      route: 'เส้นทาง',
      dates: 'วันที่',
      days: 'จำนวนวัน',
      transport: 'ยานพาหนะ',
      purpose: 'วัตถุประสงค์',
      amount: 'จำนวนเงิน',
    },
  },
};

export default texts;
