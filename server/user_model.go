package server

// DictionaryEntry names a code of one dictionary (company, department,
// costCenter, ...) in each language: the source of the Txt display twins.
type DictionaryEntry struct {
	DicID string `gorm:"primaryKey;size:40"`
	Code  string `gorm:"primaryKey;size:60"`
	Zh    string `gorm:"size:200"`
	En    string `gorm:"size:200"`
	Th    string `gorm:"size:200"`
}
