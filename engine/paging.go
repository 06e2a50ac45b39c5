package engine

import "fmt"

// CheckPage fills in a list query's page (1) and page size (def) when they
// are 0, and refuses a page below 1 or a page size outside 1..max, naming
// the parameter.
func CheckPage(page, pageSize *int, def, max int) error {
	if *page == 0 {
		*page = 1
	}
	if *pageSize == 0 {
		*pageSize = def
	}
	if *page < 1 {
		return Refuse(EINVALID, "page", Text{"zh": "页码必须大于等于1", "en": "page must be 1 or more", "th": "หมายเลขหน้าต้องมีค่าตั้งแต่ 1 ขึ้นไป"})
	}
	if *pageSize < 1 || *pageSize > max {
		return Refuse(EINVALID, "pageSize", Text{
			"zh": fmt.Sprintf("每页条数必须在1到%d之间", max),
			"en": fmt.Sprintf("pageSize must be 1 to %d", max),
			"th": fmt.Sprintf("จำนวนรายการต่อหน้าต้องอยู่ระหว่าง 1 ถึง %d", max)})
	}
	return nil
}
