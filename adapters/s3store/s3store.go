// Package s3store keeps file contents in an S3-compatible object store
// (files.Contents) with the MinIO Go client: one object per key (a SHA-256
// or a derived preview's key) in one bucket, written once.
package s3store

import (
	"bytes"
	"context"
	"fmt"
	"io"

	"formwork/files"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
)

// Config is where the store is: endpoint host:port, bucket, keys, TLS.
type Config struct {
	Endpoint  string
	Bucket    string
	AccessKey string
	SecretKey string
	Region    string
	UseSSL    bool
	// Prefix is put before every key (e.g. "formwork/").
	Prefix string
}

// Store is files.Contents on an S3 bucket.
type Store struct {
	client *minio.Client
	cfg    Config
}

var _ files.Contents = (*Store)(nil)

// Open connects to the store and makes the bucket when it does not exist.
func Open(ctx context.Context, cfg Config) (*Store, error) {
	c, err := minio.New(cfg.Endpoint, &minio.Options{Creds: credentials.NewStaticV4(cfg.AccessKey, cfg.SecretKey, ""),
		Secure: cfg.UseSSL, Region: cfg.Region})
	if err != nil {
		return nil, fmt.Errorf("S3 store %s: %w", cfg.Endpoint, err)
	}
	exists, err := c.BucketExists(ctx, cfg.Bucket)
	if err != nil {
		return nil, fmt.Errorf("S3 store %s: bucket %s: %w", cfg.Endpoint, cfg.Bucket, err)
	}
	if !exists {
		if err := c.MakeBucket(ctx, cfg.Bucket, minio.MakeBucketOptions{Region: cfg.Region}); err != nil {
			return nil, fmt.Errorf("S3 store %s: make bucket %s: %w", cfg.Endpoint, cfg.Bucket, err)
		}
	}
	return &Store{client: c, cfg: cfg}, nil
}

// Put implements files.Contents: a key already stored is not written again.
func (s *Store) Put(ctx context.Context, key string, content []byte) error {
	name := s.cfg.Prefix + key
	if _, err := s.client.StatObject(ctx, s.cfg.Bucket, name, minio.StatObjectOptions{}); err == nil {
		return nil
	} else if minio.ToErrorResponse(err).Code != "NoSuchKey" {
		return fmt.Errorf("S3 stat %s: %w", name, err)
	}
	_, err := s.client.PutObject(ctx, s.cfg.Bucket, name, bytes.NewReader(content), int64(len(content)),
		minio.PutObjectOptions{ContentType: "application/octet-stream"})
	if err != nil {
		return fmt.Errorf("S3 put %s: %w", name, err)
	}
	return nil
}

// Get implements files.Contents.
func (s *Store) Get(ctx context.Context, key string) ([]byte, bool, error) {
	name := s.cfg.Prefix + key
	obj, err := s.client.GetObject(ctx, s.cfg.Bucket, name, minio.GetObjectOptions{})
	if err != nil {
		return nil, false, fmt.Errorf("S3 get %s: %w", name, err)
	}
	defer obj.Close()
	b, err := io.ReadAll(obj)
	if err != nil {
		if minio.ToErrorResponse(err).Code == "NoSuchKey" {
			return nil, false, nil
		}
		return nil, false, fmt.Errorf("S3 get %s: %w", name, err)
	}
	return b, true, nil
}
