package extract

import "strings"

// hyperlinkField reports whether the Word field whose code is code is a
// HYPERLINK field (ECMA-376 Part 1 §17.16.5.25), and returns its target:
// its argument, quoted or not, with the location of its \l switch as the
// fragment, or that location alone, a place in the document; "" when it
// has neither (LibreOffice leaves one where it dropped a link).
func hyperlinkField(code string) (ref string, hyperlink bool) {
	args := fieldArgs(code)
	if len(args) == 0 || !strings.EqualFold(args[0], "HYPERLINK") {
		return "", false
	}
	var target, loc string
	seen := false
	for i := 1; i < len(args); i++ {
		a := args[i]
		switch {
		case len(a) == 2 && a[0] == '\\':
			switch a[1] {
			case 'l', 'L':
				if i+1 < len(args) {
					loc = args[i+1]
				}
				i++
			case 'o', 'O', 't', 'T':
				i++ // a tooltip, a target frame
			}
		case !seen:
			target, seen = a, true
		}
	}
	if loc != "" && !strings.Contains(target, "#") {
		return target + "#" + loc, true
	}
	return target, true
}

// fieldArgs splits a field's code into its arguments: words, and quoted
// text whose quotes are left out, where \" is a quote and \\ a backslash
// (ECMA-376 Part 1 §17.16.1).
func fieldArgs(code string) []string {
	var args []string
	for i := 0; i < len(code); {
		switch c := code[i]; {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			i++
		case c == '"':
			var b strings.Builder
			j := i + 1
			for ; j < len(code) && code[j] != '"'; j++ {
				if code[j] == '\\' && j+1 < len(code) && (code[j+1] == '"' || code[j+1] == '\\') {
					j++
				}
				b.WriteByte(code[j])
			}
			args = append(args, b.String())
			i = j + 1
		default:
			j := i
			for j < len(code) && code[j] != ' ' && code[j] != '\t' && code[j] != '"' {
				j++
			}
			args = append(args, code[i:j])
			i = j
		}
	}
	return args
}
