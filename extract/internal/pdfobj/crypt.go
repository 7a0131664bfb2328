package pdfobj

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"crypto/md5"
	"crypto/rc4"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/binary"
	"fmt"
	"hash"
)

// crypt decrypts the strings and streams of a file encrypted by the
// standard security handler (§7.6.4) whose user password is empty.
type crypt struct {
	key     []byte
	str     string // the method of strings: "V2" (RC4), "AESV2", "AESV3" or "None"
	stm     string // of streams
	meta    bool   // whether the metadata streams are encrypted
	revised int
}

// pad is the padding of passwords (§7.6.4.3, Algorithm 2, step a).
var pad = []byte("\x28\xbf\x4e\x5e\x4e\x75\x8a\x41\x64\x00\x4e\x56\xff\xfa\x01\x08\x2e\x2e\x00\xb6\xd0\x68\x3e\x80\x2f\x0c\xa9\xfe\x64\x53\x69\x7a")

// readEncrypt sets up the decryption of an encrypted file.
func (r *Reader) readEncrypt() error {
	if r.crypt != nil || r.trailer["Encrypt"] == nil {
		return nil
	}
	if ref, ok := r.trailer["Encrypt"].(Ref); ok {
		r.encRef = ref
	}
	d, err := r.Dict(r.trailer["Encrypt"])
	if err != nil || d == nil {
		return fmt.Errorf("%w: unreadable encryption dictionary", ErrEncrypted)
	}
	if d.Name("Filter") != "Standard" {
		return fmt.Errorf("%w: security handler %q", ErrEncrypted, d.Name("Filter"))
	}
	var id []byte
	if ids, ok := r.trailer["ID"].(Array); ok && len(ids) > 0 {
		s, _ := ids[0].(String)
		id = []byte(s)
	}
	c, err := newCrypt(d, id)
	if err != nil {
		return err
	}
	r.crypt = c
	clear(r.objs)
	clear(r.errs)
	clear(r.streams)
	return nil
}

func newCrypt(d Dict, id []byte) (*crypt, error) {
	v, _ := d["V"].(int64)
	rev, _ := d["R"].(int64)
	o, _ := d["O"].(String)
	u, _ := d["U"].(String)
	c := &crypt{str: "V2", stm: "V2", meta: true, revised: int(rev)}
	if m, ok := d["EncryptMetadata"].(bool); ok {
		c.meta = m
	}
	length := int64(40)
	if l, ok := d["Length"].(int64); ok {
		length = l
	}
	switch v {
	case 1, 2:
	case 4, 5:
		cf, _ := d["CF"].(Dict)
		method := func(n Name) string {
			if n == "Identity" || n == "" {
				return "None"
			}
			f, _ := cf[n].(Dict)
			switch m := f.Name("CFM"); m {
			case "V2", "AESV2", "AESV3":
				if l, ok := f["Length"].(int64); ok && v == 4 {
					length = l
					if l <= 32 { // some writers give bytes, not bits
						length = l * 8
					}
				}
				return string(m)
			}
			return "None"
		}
		c.str, c.stm = method(d.Name("StrF")), method(d.Name("StmF"))
	default:
		return nil, fmt.Errorf("%w: /V %d", ErrEncrypted, v)
	}
	if length < 40 || length > 256 || length%8 != 0 {
		return nil, fmt.Errorf("%w: key length %d", ErrEncrypted, length)
	}
	var err error
	if rev >= 5 {
		ue, _ := d["UE"].(String)
		c.key, err = keyAES256([]byte(u), []byte(ue), rev)
	} else {
		c.key, err = keyRC4(int(length/8), []byte(o), []byte(u), d["P"], id, rev, c.meta)
	}
	return c, err
}

// keyRC4 computes the file key of revisions 2 to 4 for the empty user
// password (Algorithms 2 and 4/5, §7.6.4.3-4), and checks it against U.
func keyRC4(n int, o, u []byte, p Object, id []byte, rev int64, meta bool) ([]byte, error) {
	if rev == 2 {
		n = 5
	}
	perm, _ := p.(int64)
	h := md5.New()
	h.Write(pad)
	h.Write(o[:min(len(o), 32)])
	binary.Write(h, binary.LittleEndian, uint32(perm))
	h.Write(id)
	if rev >= 4 && !meta {
		h.Write([]byte{0xff, 0xff, 0xff, 0xff})
	}
	key := h.Sum(nil)
	if rev >= 3 {
		for range 50 {
			s := md5.Sum(key[:n])
			key = s[:]
		}
	}
	key = key[:n]
	var want, got []byte
	if rev == 2 {
		got, want = rc4Crypt(key, pad), u
	} else {
		s := md5.Sum(append(append([]byte{}, pad...), id...))
		got = s[:]
		for i := range 20 {
			k := make([]byte, len(key))
			for j := range key {
				k[j] = key[j] ^ byte(i)
			}
			got = rc4Crypt(k, got)
		}
		want = u[:min(len(u), 16)]
	}
	if len(want) < len(got) || !bytes.Equal(got, want[:len(got)]) {
		return nil, fmt.Errorf("%w: the user password is not empty", ErrEncrypted)
	}
	return key, nil
}

// keyAES256 computes the file key of revisions 5 and 6 for the empty
// user password (Algorithm 2.A, ISO 32000-2 §7.6.4.3.3).
func keyAES256(u, ue []byte, rev int64) ([]byte, error) {
	if len(u) < 48 || len(ue) < 32 {
		return nil, fmt.Errorf("%w: bad /U or /UE", ErrEncrypted)
	}
	if !bytes.Equal(hash2B(u[32:40], nil, rev), u[:32]) {
		return nil, fmt.Errorf("%w: the user password is not empty", ErrEncrypted)
	}
	block, _ := aes.NewCipher(hash2B(u[40:48], nil, rev))
	key := make([]byte, 32)
	cipher.NewCBCDecrypter(block, make([]byte, 16)).CryptBlocks(key, ue[:32])
	return key, nil
}

// hash2B is the hash of the empty password with salt and udata:
// SHA-256 in revision 5, Algorithm 2.B in revision 6.
func hash2B(salt, udata []byte, rev int64) []byte {
	k := sha256.Sum256(append(append([]byte{}, salt...), udata...))
	if rev == 5 {
		return k[:]
	}
	key := k[:]
	var e []byte
	for i := 0; i < 64 || int(e[len(e)-1]) > i-32; i++ {
		k1 := bytes.Repeat(append(append([]byte{}, key...), udata...), 64)
		block, _ := aes.NewCipher(key[:16])
		e = make([]byte, len(k1))
		cipher.NewCBCEncrypter(block, key[16:32]).CryptBlocks(e, k1)
		sum := 0
		for _, c := range e[:16] {
			sum += int(c)
		}
		var h hash.Hash
		switch sum % 3 {
		case 0:
			h = sha256.New()
		case 1:
			h = sha512.New384()
		default:
			h = sha512.New()
		}
		h.Write(e)
		key = h.Sum(nil)
	}
	return key[:32]
}

func rc4Crypt(key, b []byte) []byte {
	c, _ := rc4.NewCipher(key)
	out := make([]byte, len(b))
	c.XORKeyStream(out, b)
	return out
}

// objectKey returns the key of the strings and streams of object ref
// (Algorithm 1, §7.6.3.3).
func (c *crypt) objectKey(ref Ref, aes bool) []byte {
	if c.revised >= 5 {
		return c.key
	}
	b := append([]byte{}, c.key...)
	b = append(b, byte(ref.Num), byte(ref.Num>>8), byte(ref.Num>>16), byte(ref.Gen), byte(ref.Gen>>8))
	if aes {
		b = append(b, "sAlT"...)
	}
	s := md5.Sum(b)
	return s[:min(len(c.key)+5, 16)]
}

// decrypt decrypts b, of object ref, with the method m.
func (c *crypt) decrypt(b []byte, ref Ref, m string) ([]byte, error) {
	switch m {
	case "None":
		return b, nil
	case "V2":
		return rc4Crypt(c.objectKey(ref, false), b), nil
	}
	if len(b) < 16 || len(b)%16 != 0 {
		return nil, &SyntaxError{Offset: -1, Msg: fmt.Sprintf("object %d: AES data of %d bytes", ref.Num, len(b))}
	}
	block, _ := aes.NewCipher(c.objectKey(ref, true))
	out := make([]byte, len(b)-16)
	cipher.NewCBCDecrypter(block, b[:16]).CryptBlocks(out, b[16:])
	if n := len(out); n > 0 && int(out[n-1]) >= 1 && int(out[n-1]) <= 16 {
		out = out[:n-int(out[n-1])]
	}
	return out, nil
}

func (c *crypt) decryptStream(b []byte, s Stream) ([]byte, error) {
	if !c.meta && s.Dict.Name("Type") == "Metadata" {
		return b, nil
	}
	// A stream of its own crypt filter Identity is not encrypted.
	if f, ok := s.Dict["Filter"].(Array); ok && len(f) > 0 && f[0] == Name("Crypt") {
		return b, nil
	}
	return c.decrypt(b, s.ref, c.stm)
}

// decryptStrings returns o with its strings decrypted.
func (c *crypt) decryptStrings(o Object, ref Ref) Object {
	switch v := o.(type) {
	case String:
		if b, err := c.decrypt([]byte(v), ref, c.str); err == nil {
			return String(b)
		}
	case Array:
		for i := range v {
			v[i] = c.decryptStrings(v[i], ref)
		}
	case Dict:
		for k := range v {
			v[k] = c.decryptStrings(v[k], ref)
		}
	case Stream:
		c.decryptStrings(v.Dict, ref)
	}
	return o
}
