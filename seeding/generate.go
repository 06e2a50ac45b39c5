package seeding

//go:generate go run ./internal/seedgen -dir ../seeds/masterdata
