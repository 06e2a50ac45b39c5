package main

import (
	"context"
	"fmt"
	"os"

	"formwork/adapters/s3store"
	"formwork/files"
	"formwork/tools/formwork/wire"
)

// loadDefinitionsAndStorage is loadDefinitions, and the file store
// (fileStore) into cfg.
func loadDefinitionsAndStorage(cfg *wire.Config, dir string) (err error) {
	if cfg.FileContents, err = fileStore(context.Background()); err != nil {
		return err
	}
	return loadDefinitions(cfg, dir)
}

// fileStore is where uploaded files' contents are kept: an S3-compatible
// store when FORMWORK_S3_ENDPOINT is set, else the database (nil).
//
//	FORMWORK_S3_ENDPOINT    host:port of the S3-compatible store
//	FORMWORK_S3_BUCKET      its bucket (default formwork-files; made when missing)
//	FORMWORK_S3_ACCESS_KEY  access key
//	FORMWORK_S3_SECRET_KEY  secret key
//	FORMWORK_S3_REGION      region (default us-east-1)
//	FORMWORK_S3_SSL         true: https
//	FORMWORK_S3_PREFIX      put before every object key
func fileStore(ctx context.Context) (files.Contents, error) {
	endpoint := os.Getenv("FORMWORK_S3_ENDPOINT")
	if endpoint == "" {
		return nil, nil
	}
	cfg := s3store.Config{Endpoint: endpoint, Bucket: os.Getenv("FORMWORK_S3_BUCKET"), AccessKey: os.Getenv("FORMWORK_S3_ACCESS_KEY"),
		SecretKey: os.Getenv("FORMWORK_S3_SECRET_KEY"), Region: os.Getenv("FORMWORK_S3_REGION"), UseSSL: os.Getenv("FORMWORK_S3_SSL") == "true",
		Prefix: os.Getenv("FORMWORK_S3_PREFIX")}
	if cfg.Bucket == "" {
		cfg.Bucket = "formwork-files"
	}
	if cfg.Region == "" {
		cfg.Region = "us-east-1"
	}
	st, err := s3store.Open(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("FORMWORK_S3_ENDPOINT=%s: %w", endpoint, err)
	}
	return st, nil
}
