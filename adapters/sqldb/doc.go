// Package sqldb is formwork's SQL adapter: gorm on SQLite or PostgreSQL, implementing the domain packages' stores.
package sqldb
