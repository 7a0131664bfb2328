package uri

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// warningCodes lists every code SecurityWarnings and SchemeWarnings
// document; TestWarningsPhishingCorpus fails on any other.
var warningCodes = []string{
	"ipv4-dword", "ipv4-short", "ipv4-octal", "ipv4-hex", "ipv4-trailing-dot", "ipv4-encoded",
	"numeric-reg-name", "userinfo-present", "userinfo-password", "userinfo-host",
	"port-nondefault", "port-cross-protocol", "encoded-nul", "encoded-crlf", "double-encoding",
	"ftp-host", "ftp-port", "ftp-userinfo", "ftp-path", "ftp-type",
	"http-host", "http-port", "http-userinfo", "http-path", "http-search",
	"gopher-host", "gopher-port", "gopher-userinfo", "gopher-path", "gopher-type", "gopher-selector",
	"mailto-address", "news-authority", "news-group", "news-article",
	"nntp-host", "nntp-port", "nntp-userinfo", "nntp-group", "nntp-article",
	"telnet-host", "telnet-port", "telnet-userinfo", "telnet-path",
	"wais-host", "wais-port", "wais-userinfo", "wais-path", "wais-search",
	"file-authority", "file-host", "file-path",
	"prospero-host", "prospero-port", "prospero-userinfo", "prospero-path", "prospero-field",
}

// TestWarningsSpamCorpus checks every http and ftp URI of the spam and
// phishing mail in shared/corpora/email (SpamAssassin spam, spam_2 and
// Jose Nazario's phishing mbox; only the mbox with -short): each warning
// has a documented code, and the tricks these mails are known for (IP
// hosts written as one number, '@'-obfuscated URLs, odd ports) are caught.
func TestWarningsSpamCorpus(t *testing.T) {
	root := filepath.Join("..", "..", "shared", "corpora", "email")
	files := []string{filepath.Join(root, "nazario-phishing", "phishing0.mbox")}
	if _, err := os.Stat(files[0]); err != nil {
		t.Skipf("corpus not available: %v", err)
	}
	if !testing.Short() {
		for _, dir := range []string{"spam", "spam_2"} {
			more, err := filepath.Glob(filepath.Join(root, "spamassassin", dir, "*"))
			if err != nil || len(more) == 0 {
				t.Fatalf("spamassassin/%s: %v", dir, err)
			}
			files = append(files, more...)
		}
	}
	counts := map[string]int{}
	n := 0
	for _, name := range files {
		n += checkCorpusFile(t, name, counts)
	}
	t.Logf("%d files, %d URIs, warnings %v", len(files), n, counts)
	want := []string{"ipv4-short", "port-nondefault", "http-host"}
	if !testing.Short() {
		want = append(want, "userinfo-present", "userinfo-host", "ipv4-dword", "ipv4-encoded")
	}
	for _, code := range want {
		if counts[code] == 0 {
			t.Errorf("no %s warning in the corpus", code)
		}
	}
}

var (
	// corpusURI matches a URI well enough to feed Parse; extract does the
	// real delimiting.
	corpusURI = regexp.MustCompile(`(?i)\b(?:https?|ftp)://[^\s"'<>()\[\]{}\\^` + "`" + `|]+`)
	qpEscape  = regexp.MustCompile(`=[0-9A-F]{2}`)
)

// checkCorpusFile checks the URIs of one mail file, undoing
// quoted-printable crudely (soft breaks and "=XX"), and returns how many
// parsed.
func checkCorpusFile(t *testing.T, name string, counts map[string]int) int {
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	n := 0
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	var pending string
	for sc.Scan() {
		line := pending + sc.Text()
		pending = ""
		if strings.HasSuffix(line, "=") {
			pending = strings.TrimSuffix(line, "=")
			continue
		}
		if !strings.Contains(line, "://") {
			continue
		}
		line = qpEscape.ReplaceAllStringFunc(line, func(e string) string {
			return string(rune(hexValue(e, 1)<<4 | hexValue(e, 2)))
		})
		for _, s := range corpusURI.FindAllString(line, -1) {
			u, err := Parse(s)
			if err != nil {
				continue
			}
			n++
			for _, w := range append(u.SecurityWarnings(), u.SchemeWarnings()...) {
				if !slices.Contains(warningCodes, w.Code) {
					t.Errorf("%s: Parse(%q): undocumented warning %v", name, s, w)
				}
				counts[w.Code]++
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return n
}
