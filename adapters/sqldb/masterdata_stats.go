package sqldb

import (
	"context"

	"formwork/masterdata/audit"
)

var _ audit.Store = (*MasterDataStore)(nil)

// TypeStats implements audit.Store: three grouped reads (records,
// revisions, the newest event of each type).
func (s *MasterDataStore) TypeStats(ctx context.Context) (map[string]audit.Stat, error) {
	db := s.db.WithContext(ctx)
	out := map[string]audit.Stat{}
	var counts []struct {
		TypeCode string
		Records  int64
		Active   int64
	}
	if err := db.Model(&MasterRecordRow{}).
		Select("type_code, COUNT(*) AS records, SUM(CASE WHEN active THEN 1 ELSE 0 END) AS active").
		Group("type_code").Scan(&counts).Error; err != nil {
		return nil, err
	}
	for _, c := range counts {
		out[c.TypeCode] = audit.Stat{Records: c.Records, Active: c.Active}
	}
	var revisions []MasterRevisionRow
	if err := db.Find(&revisions).Error; err != nil {
		return nil, err
	}
	for _, r := range revisions {
		st := out[r.Type]
		st.Revision = r.Revision
		out[r.Type] = st
	}
	var last []MasterEventRow
	newest := db.Model(&MasterEventRow{}).Select("MAX(id)").Group("type_code")
	if err := db.Where("id IN (?)", newest).Find(&last).Error; err != nil {
		return nil, err
	}
	for _, e := range last {
		st := out[e.Type]
		st.LastAt, st.LastBy = e.At, e.By
		out[e.Type] = st
	}
	return out, nil
}
