import type { AreaTexts } from '../resources';

// The report centre (/rpt, /fkRpt): t('reports.…').
const texts: AreaTexts = {
  zh: {
    run: '查询',
    export: '导出 Excel',
    exporting: '正在导出…',
    total: '合计',
    rows: '共 {{count}} 行',
    truncated: '共 {{count}} 行，只显示前 {{shown}} 行；导出或缩小查询范围可看全部。',
    empty: '没有符合条件的数据',
    chart: '图表',
    forbidden: '您不能运行报表 {{code}}：需要该报表的菜单权限和所在公司的报表权限（报表类型 {{code}}）。请联系管理员在“报表权限”中授权。',
    company: '公司',
    choose: '请选择参数后点击“查询”。',
  },
  en: {
    run: 'Run',
    export: 'Export to Excel',
    exporting: 'Exporting…',
    total: 'Total',
    rows: '{{count}} rows',
    truncated: '{{count}} rows; the first {{shown}} are shown. Export or narrow the parameters to see all.',
    empty: 'No data matches',
    chart: 'Chart',
    forbidden: 'You cannot run report {{code}}: it needs its menu and report authority in your company (report type {{code}}). Ask an administrator to grant it under report authority.',
    company: 'Company',
    choose: 'Choose the parameters and press Run.',
  },
  th: {
    run: 'ค้นหา',
    export: 'ส่งออกเป็น Excel',
    exporting: 'กำลังส่งออก…',
    total: 'รวม',
    rows: '{{count}} แถว',
    truncated: '{{count}} แถว แสดง {{shown}} แถวแรก ส่งออกหรือจำกัดเงื่อนไขเพื่อดูทั้งหมด',
    empty: 'ไม่มีข้อมูลที่ตรงเงื่อนไข',
    chart: 'แผนภูมิ',
    forbidden: 'คุณเรียกใช้รายงาน {{code}} ไม่ได้: ต้องมีสิทธิ์เมนูและสิทธิ์รายงานในบริษัทของคุณ (ประเภทรายงาน {{code}}) โปรดติดต่อผู้ดูแลระบบ',
    company: 'บริษัท',
    choose: 'เลือกพารามิเตอร์แล้วกด ค้นหา',
  },
};

export default texts;
