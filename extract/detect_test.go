package extract

import (
	"errors"
	"testing"
)

func TestDetect(t *testing.T) {
	const mboxHead = "From MAILER-DAEMON Fri Jul  8 12:08:34 2011\nFrom: a@example.com\n\nhi\n"
	const mailHead = "Return-Path: <a@example.com>\nReceived: from x\n\tby y; Fri, 8 Jul 2011 12:08:34 +0000\nSubject: hi\n\nbody\n"
	tests := []struct {
		name, head string
		want       Type
	}{
		// The extension decides when known.
		{"notes.txt", "<html>", Text},
		{"README.md", "<p>html</p>", Markdown},
		{"notes.MARKDOWN", "From a@b Mon Jan  1 00:00:00 2024\n", Markdown},
		{"manual.adoc", "= Title\n", AsciiDoc},
		{"index.rst", "Title\n=====\n", RST},
		{"page.HTML", "plain", HTML},
		{"page.htm", "", HTML},
		{"msg.eml", "x", Mail},
		{"box.mbox", "x", Mbox},
		// Otherwise the content.
		{"inbox", mboxHead, Mbox},
		{"-", "From sender@example.com Sat Jan  3 01:05:34 1996\n", Mbox},
		{"-", "From the desk of the editor: 12 items\n", Text}, // no asctime time
		{"-", "From: a@example.com\nTo: b@example.com\n\nhi", Mail},
		{"-", mailHead, Mail},
		{"-", "\xef\xbb\xbfFrom: a@example.com\nSubject: x\n\n", Mail},
		{"-", "Note: this is text\nAnd more: text\n\n", Text}, // no field a message carries
		{"-", "Subject: only one field\n\nbody", Mail},
		{"-", "Content-Type: multipart/mixed; boundary=\"b\"\n\n--b\n", Mail}, // a bare MIME entity
		{"-", "Subject: one field, no end", Text},
		{"-", "Subject: one field\nthen prose\n", Text},
		{"-", "From: a@example.com\nthis line is no field\n", Text},
		{"-", "From: a@example.com\nSubject: x\nno blank line before the body\n", Mail},
		{"-", "Note: this is text\n\nmore", Text},
		{"-", "<!DOCTYPE html>\n<html>", HTML},
		{"-", "  \n<!doctype HTML PUBLIC \"-//IETF//DTD HTML//EN\">", HTML},
		{"-", "<!doctypehtml><html lang=en>", HTML},
		{"-", "<!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.1//EN\">", Text},
		{"-", "<?xml version=\"1.0\"?>\n<html xmlns=\"http://www.w3.org/1999/xhtml\">", HTML},
		{"-", "<?xml version=\"1.0\"?>\n<feed>", Text},
		{"-", "<!-- a comment -->", HTML},
		{"-", "<HTML><HEAD>", HTML},
		{"-", "<p>Hello", HTML},
		{"-", "<div class=\"x\">", HTML},
		{"-", "<a href=\"x\">", HTML},
		{"-", "<br/>", HTML},
		{"-", "<http://example.com/> is a link", Text},
		{"-", "<a@example.com> wrote:", Text},
		{"-", "<notatag attr>", Text},
		{"-", "Yes, Jim, I found it under \"http://www.w3.org/Addressing/\"", Text},
		{"-", "", Text},
	}
	for _, tt := range tests {
		if got := Detect(tt.name, []byte(tt.head)); got != tt.want {
			t.Errorf("Detect(%q, %q) = %v, want %v", tt.name, tt.head, got, tt.want)
		}
	}
}

func TestDetectLongHeader(t *testing.T) {
	// A header block longer than what Detect looks at is still mail.
	head := "Received: from a\n"
	for len(head) < 2*sniffLen {
		head += "\tby relay.example.com with SMTP id 12345\n"
	}
	if got := Detect("", []byte(head)); got != Mail {
		t.Errorf("Detect(long Received header) = %v, want mail", got)
	}
}

func TestParseType(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want Type
	}{{"auto", Auto}, {"", Auto}, {"text", Text}, {"TXT", Text}, {"html", HTML}, {"htm", HTML}, {"mail", Mail}, {"eml", Mail}, {"Mbox", Mbox},
		{"md", Markdown}, {"adoc", AsciiDoc}, {"rst", RST}, {"docx", OOXML}, {"xlsx", OOXML}, {"odt", ODF}, {"epub", EPUB}, {"pdf", PDF}} {
		if got, err := ParseType(tt.in); err != nil || got != tt.want {
			t.Errorf("ParseType(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
	}
	for _, typ := range []Type{Auto, Text, HTML, Mail, Mbox, Markdown, AsciiDoc, RST, OOXML, ODF, EPUB, PDF} {
		if got, err := ParseType(typ.String()); err != nil || got != typ {
			t.Errorf("ParseType(%v.String()) = %v, %v", typ, got, err)
		}
	}
	if _, err := ParseType("ps"); !errors.Is(err, ErrUnknownType) {
		t.Errorf("ParseType(ps) error = %v, want ErrUnknownType", err)
	}
}

// TestIsMboxFromLine checks the "From " lines that start a message: a
// sender, then a date with a time of day, which may come anywhere in it.
func TestIsMboxFromLine(t *testing.T) {
	for line, want := range map[string]bool{
		"From a@b Thu Aug 22 12:36:23 2002\n":         true,
		"From a@b Thu Aug 22 12:36:23 2002\r\nX: y\n": true,
		"From MAILER-DAEMON 12:36:23":                 true,
		"From a@b 1:2:3 12:36:23":                     true,
		"From a@b Thu Aug 22 12:36:2":                 false,
		"From a@b 12:36:23\n":                         true,
		"From a@b :12:36:23":                          true,
		"From a@b 12:36: 23":                          false,
		"From a@b Thu 2:36:23 2002":                   false,
		"From  Thu Aug 22 12:36:23 2002":              false, // no sender
		"From a@b12:36:23":                            false, // no date
		"From here on, 12:36:23 is the time":          true,
		"From here on, nothing":                       false,
		"from a@b Thu Aug 22 12:36:23 2002":           false,
		">From a@b Thu Aug 22 12:36:23 2002":          false,
		"From a@b Thu\n12:36:23":                      false, // on the next line
		"From ":                                       false,
		"":                                            false,
	} {
		if got := isMboxFromLine([]byte(line)); got != want {
			t.Errorf("isMboxFromLine(%q) = %v, want %v", line, got, want)
		}
	}
}
