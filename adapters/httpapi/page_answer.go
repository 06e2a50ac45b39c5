package httpapi

import (
	"fmt"

	"formwork/engine"
)

// listPage is a validated page request.
type listPage struct{ size, current int }

func (p listPage) offset() int { return (p.current - 1) * p.size }

// maxPageSize bounds a page.
const maxPageSize = 200

// maxPage bounds the page number: 10,000,000 pages of 200 are two billion rows.
const maxPage = 10_000_000

// pageOf applies the defaults (navigation-and-access.md 9: page size 10,
// page 1) and refuses nonsense.
func pageOf(size, current int) (listPage, error) {
	switch {
	case size == 0:
		size = 10
	case size < 0 || size > maxPageSize:
		return listPage{}, engine.Refuse(engine.EINVALID, "pageSize", engine.Text{
			"zh": fmt.Sprintf("pageSize 须为 1 到 %d", maxPageSize),
			"en": fmt.Sprintf("pageSize must be 1 to %d", maxPageSize),
			"th": fmt.Sprintf("pageSize ต้องอยู่ระหว่าง 1 ถึง %d", maxPageSize)})
	}
	switch {
	case current == 0:
		current = 1
	case current < 0:
		return listPage{}, engine.Refuse(engine.EINVALID, "currentPage", engine.Text{
			"zh": "currentPage 须为 1 或以上", "en": "currentPage must be 1 or more", "th": "currentPage ต้องเป็น 1 ขึ้นไป"})
	case current > maxPage:
		// (current-1)*size would overflow long before: no list has so many pages
		return listPage{}, engine.Refuse(engine.EINVALID, "currentPage", engine.Text{
			"zh": fmt.Sprintf("currentPage 不能超过 %d", maxPage),
			"en": fmt.Sprintf("currentPage must not exceed %d", maxPage),
			"th": fmt.Sprintf("currentPage ต้องไม่เกิน %d", maxPage)})
	}
	return listPage{size, current}, nil
}

// pageAnswer is a page of a list.
type pageAnswer struct {
	List        any   `json:"list"`
	Total       int64 `json:"total"`
	PageSize    int   `json:"pageSize"`
	CurrentPage int   `json:"currentPage"`
}
