package s3store_test

import (
	"context"
	"net/url"
	"testing"

	"formwork/adapters/s3store"
	"formwork/adapters/simulators/simtest"
)

// TestStoreOnS3 runs the store against an S3-compatible server started as
// its own process (`formwork simulate s3`, gofakes3 behind the simulators'
// pattern): stored once, read back, a missing key not found, and read by
// a second store on the same bucket.
func TestStoreOnS3(t *testing.T) {
	srv := simtest.Start(t, "s3")
	u, _ := url.Parse(srv.URL)
	ctx := context.Background()
	st, err := s3store.Open(ctx, s3store.Config{Endpoint: u.Host, Bucket: "formwork-files", AccessKey: "test", SecretKey: "testtest", Region: "us-east-1", Prefix: "files/"})
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Put(ctx, "abc", []byte("first")); err != nil {
		t.Fatal(err)
	}
	if err := st.Put(ctx, "abc", []byte("second")); err != nil {
		t.Fatal(err)
	}
	got, found, err := st.Get(ctx, "abc")
	if err != nil || !found || string(got) != "first" {
		t.Fatalf("Get(abc) = %q, %v, %v; want the first content, stored once", got, found, err)
	}
	if _, found, err := st.Get(ctx, "missing"); err != nil || found {
		t.Fatalf("Get(missing) = %v, %v; want not found", found, err)
	}
	// a second store on the same bucket (another replica) reads it
	other, err := s3store.Open(ctx, s3store.Config{Endpoint: u.Host, Bucket: "formwork-files", AccessKey: "test", SecretKey: "testtest", Region: "us-east-1", Prefix: "files/"})
	if err != nil {
		t.Fatal(err)
	}
	if got, found, _ := other.Get(ctx, "abc"); !found || string(got) != "first" {
		t.Fatalf("another replica reads %q, %v", got, found)
	}
}
