package printing

// printTexts are the fixed texts of the print view, by language.
var printTexts = map[string]map[string]string{
	"zh": {"print": "打印", "number": "单据编号", "status": "状态", "printedAt": "打印时间", "amount": "金额（小写）", "capital": "人民币大写",
		"row": "序号", "history": "审批记录", "at": "时间", "by": "处理人", "action": "操作", "change": "状态", "comment": "意见",
		"waiting": "待处理", "maker": "制单人", "applicant": "报账人", "approvers": "审批人", "version": "版本", "voided": "作废",
		"colon": "：", "listSep": "、"},
	"en": {"print": "Print", "number": "Number", "status": "Status", "printedAt": "Printed", "amount": "Amount", "capital": "Amount in Chinese capitals",
		"row": "Row", "history": "Approval history", "at": "Time", "by": "By", "action": "Action", "change": "State", "comment": "Comment",
		"waiting": "waiting", "maker": "Maker", "applicant": "Reimburser", "approvers": "Approvers", "version": "version", "voided": "VOID",
		"colon": ": ", "listSep": ", "},
	"th": {"print": "พิมพ์", "number": "เลขที่เอกสาร", "status": "สถานะ", "printedAt": "เวลาพิมพ์", "amount": "จำนวนเงิน",
		"capital": "จำนวนเงินเป็นตัวอักษรจีน", "row": "ลำดับ", "history": "ประวัติการอนุมัติ", "at": "เวลา", "by": "ผู้ดำเนินการ",
		"action": "การดำเนินการ", "change": "สถานะ", "comment": "ความเห็น", "waiting": "รอดำเนินการ", "maker": "ผู้จัดทำ",
		"applicant": "ผู้เบิก", "approvers": "ผู้อนุมัติ", "version": "เวอร์ชัน", "voided": "ยกเลิก", "colon": ": ", "listSep": ", "},
}

// textsIn is the fixed texts in lang (Chinese for a language without them).
func textsIn(lang string) (string, map[string]string) {
	if t, ok := printTexts[lang]; ok {
		return lang, t
	}
	return "zh", printTexts["zh"]
}
