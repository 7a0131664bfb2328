package warcrec

import (
	"bytes"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/base32"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"strings"
)

// ErrDigest is wrapped by the error of Check about a WARC record whose
// block does not hash to its WARC-Block-Digest (ISO 28500:2017 §5.8):
// damaged in storage or in transfer.
var ErrDigest = errors.New("WARC block digest mismatch")

// Digest checks a record's block against its WARC-Block-Digest as
// the block's bytes are read, through Write.
type Digest struct {
	label string // the field's value, as written
	want  []byte
	hex   bool // want is written in hex
	h     hash.Hash
}

// NewDigest returns the Digest of the WARC-Block-Digest value v
// (labelled-digest, ISO 28500:2017 §5.8: algorithm ":" digest), nil when
// there is none to check: absent, an algorithm other than SHA-1, SHA-256
// and SHA-512, or a digest neither in base32 (RFC 4648 §6, as most
// writers give it) nor in hex.
func NewDigest(v string) *Digest {
	alg, enc, ok := strings.Cut(v, ":")
	if !ok {
		return nil
	}
	var h hash.Hash
	switch strings.ReplaceAll(strings.ToLower(strings.TrimSpace(alg)), "-", "") {
	case "sha1":
		h = sha1.New()
	case "sha256":
		h = sha256.New()
	case "sha512":
		h = sha512.New()
	default:
		return nil
	}
	enc = strings.TrimSpace(enc)
	want := decodeDigest(enc, h.Size())
	if want == nil {
		return nil
	}
	return &Digest{label: v, want: want, hex: len(enc) == 2*h.Size(), h: h}
}

// decodeDigest returns the digest of size bytes written in enc, in hex
// or base32 (padded or not, either case), which the lengths tell apart;
// nil when it is neither.
func decodeDigest(enc string, size int) []byte {
	if len(enc) == 2*size {
		if b, err := hex.DecodeString(enc); err == nil {
			return b
		}
	}
	b, err := base32.StdEncoding.WithPadding(base32.NoPadding).DecodeString(strings.ToUpper(strings.TrimRight(enc, "=")))
	if err != nil || len(b) != size {
		return nil
	}
	return b
}

// Write hashes the block's bytes p.
func (d *Digest) Write(p []byte) (int, error) { return d.h.Write(p) }

// Check returns the error, wrapping ErrDigest, about a block that does
// not hash to the digest; nil when it does (the caller names the record).
// A revisit record whose digest
// is that of an empty block is no mismatch: wget (1.21) writes its
// revisit records so, the HTTP header in the block.
func (d *Digest) Check(typ string) error {
	got := d.h.Sum(nil)
	if bytes.Equal(got, d.want) {
		return nil
	}
	if typ == "revisit" {
		d.h.Reset()
		if bytes.Equal(d.h.Sum(nil), d.want) {
			return nil
		}
	}
	alg, _, _ := strings.Cut(d.label, ":")
	enc := base32.StdEncoding.EncodeToString(got)
	if d.hex {
		enc = hex.EncodeToString(got)
	}
	return fmt.Errorf("%w: WARC-Block-Digest %s, the block's is %s:%s", ErrDigest, d.label, alg, enc)
}
