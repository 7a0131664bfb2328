package charset

// The detector below is this package's own, not a module's: saintfish/chardet
// (ICU's detector in Go) was measured in its place, with the same BOM,
// prescan, UTF-8 and ISO-2022-JP steps around it, its names mapped through
// htmlindex. Read as the true encoding reads them (own : chardet):
//
//	one-word link, 12 language/encoding pairs         87/91 : 28/91
//	hand-written sentence, same pairs                 96/96 : 86/96
//	corpus <p> text (French, Japanese, Chinese)   1648/1650 : 1632/1650
//	its first word as a link                      1687/1706 : 1516/1706
//	corpus pages transcoded, declaration removed    150/155 : 148/155
//
// chardet reads the Shift_JIS `<a href="ページ.html">` as
// windows-1252, and it breaks ties in goroutine order: the same 36 bytes
// (a Japanese link) gave windows-1253 or KOI8-R from run to run. On 64 KiB
// of a page both take 1.5-3 ms of CPU; on a page with little 8-bit text
// 0.07 ms against 0.69; 9 allocations (4 KB) against 50 (16 KB) and 40
// goroutines a call. chardet knows more encodings (ISO-8859-2, -7, -8, -9,
// windows-1256), which this one does not try: an undeclared page in one of
// them is read as windows-1252.

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"sync"
	"unicode/utf8"

	"github.com/urix/urix/internal/ascii"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/korean"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"
)

// sniffSample is how many bytes the detector reads, from a little before
// the first 8-bit byte on.
const sniffSample = 64 << 10

// Sniff returns the encoding of text that declares none, as the
// last step of the HTML Living Standard's encoding sniffing (§13.2.3.2,
// "the user agent may attempt to autodetect the character encoding from
// applying frequency analysis"), nil for UTF-8: UTF-8 when the text is
// valid UTF-8; ISO-2022-JP when it is 7-bit and holds ISO-2022-JP's escape
// sequences; else the legacy encoding detectLegacy finds most likely,
// windows-1252 when nothing stands out.
func Sniff(text []byte) encoding.Encoding {
	// utf8.Valid is the fast test for the common case, 7-bit text
	// included.
	if utf8.Valid(text) {
		if isISO2022JP(text) && ascii.Prefix(text) == len(text) {
			return japanese.ISO2022JP
		}
		return nil
	}
	first := ascii.Prefix(text)
	sample := text[max(0, first-64):]
	return detectLegacy(sample[:min(len(sample), sniffSample)])
}

// Page returns the encodings of an HTML page that no transport
// layer labels (HTML Living Standard §13.2.3.2), nil for UTF-8: dec, the
// one of its bytes, which it declares (htmlEncoding, headCharset) or
// Sniff finds; and enc, the one of the queries of its URLs: dec,
// but for a page of 7-bit bytes that declares nothing. That page is in
// the default encoding (step 9), windows-1252 in browsers in Western
// locales: its bytes read as in UTF-8, but the characters its character
// references write in a query are encoded in windows-1252.
func Page(buf []byte) (dec, enc encoding.Encoding) {
	e := htmlEncoding(buf)
	if e == nil {
		e = headCharset(buf)
	}
	if e == nil {
		if e = Sniff(buf); e == nil && IsPlainASCII(buf) {
			return nil, charmap.Windows1252
		}
	}
	dec = URLEncoding(e)
	return dec, dec
}

// isISO2022JP reports whether the 7-bit text holds an escape sequence of
// ISO-2022-JP (RFC 1468) into JIS X 0208 or JIS X 0201.
func isISO2022JP(text []byte) bool {
	for i := bytes.IndexByte(text, 0x1b); i >= 0 && i+2 < len(text); {
		switch string(text[i+1 : i+3]) {
		case "$@", "$B", "(J", "(I":
			return true
		}
		j := bytes.IndexByte(text[i+1:], 0x1b)
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return false
}

// A legacy is an encoding the detector tries, with how its characters
// score in the text they are in (see detectLegacy).
type legacy struct {
	enc   encoding.Encoding
	score func(prev, r, next rune) int
	most  int // the most one 8-bit byte of the text can add to the score
}

// legacies are the encodings detectLegacy tries, the encodings of the
// languages whose pages most often declare none: windows-1252 first, so
// that it wins a tie.
//
// A byte of the single-byte encodings is one character; in the multi-byte
// ones each character holds an 8-bit byte, and Big5 decodes some pairs to
// two characters: most is the top score of a character, times two.
var legacies = []legacy{
	{charmap.Windows1252, scoreWestern, 2},
	{charmap.Windows1251, scoreCyrillic, 1},
	{charmap.KOI8R, scoreCyrillic, 1},
	{japanese.ShiftJIS, scoreJapanese, 6},
	{japanese.EUCJP, scoreJapanese, 6},
	{simplifiedchinese.GBK, scoreHan(commonSimplified), 6},
	{traditionalchinese.Big5, scoreHan(commonTraditional), 6},
	{korean.EUCKR, scoreKorean, 6},
}

// detectLegacy returns the encoding of legacies in which the text sample
// reads best: each non-ASCII character it decodes to scores, by how
// common it is in the language the encoding is for and by its neighbours
// (an accented Latin letter inside a word of ASCII letters; a lowercase
// Cyrillic letter after another; the commonest kana, Han characters and
// Hangul syllables of Japanese, Chinese and Korean text), and bytes that
// do not decode, controls and private use characters cost much. The
// multi-byte encodings take two bytes where the single-byte ones take
// one, so their characters score about twice as much. Windows-1252 is the
// answer when no encoding scores above zero.
func detectLegacy(sample []byte) encoding.Encoding {
	// A character cut off by the end of the sample does not count.
	if len(sample) == sniffSample {
		if i := bytes.LastIndexAny(sample, "\n>"); i > 0 {
			sample = sample[:i]
		}
	}
	// The ASCII after the last 8-bit byte scores nothing: it is left out
	// but for the bytes that may end the last character (four in
	// GB18030) and the one that follows it, which scores it.
	sample = sample[:min(len(sample), lastHigh(sample)+1+5)]
	best, bestScore := encoding.Encoding(charmap.Windows1252), 0
	buf := decodeBufs.Get().(*[4096]byte)
	defer decodeBufs.Put(buf)
	high := countHigh(sample)
	for _, l := range legacies {
		if score, ok := l.read(sample, buf[:], high, bestScore); ok && score > bestScore {
			best, bestScore = l.enc, score
		}
	}
	return best
}

// decodeBufs keeps the buffers detectLegacy decodes into: one on the
// stack went to the heap, as the decoders are interfaces, for each page
// or mail part with 8-bit bytes and no charset.
var decodeBufs = sync.Pool{New: func() any { return new([4096]byte) }}

// countHigh returns the number of 8-bit bytes in b, 8 at a time.
func countHigh(b []byte) int {
	n := 0
	for ; len(b) >= 8; b = b[8:] {
		n += bits.OnesCount64(binary.LittleEndian.Uint64(b) & highBits)
	}
	for _, c := range b {
		n += int(c >> 7)
	}
	return n
}

// lastHigh returns the offset of the last 8-bit byte of b, -1 if there
// is none; the ASCII after it is passed over 8 bytes at a time.
func lastHigh(b []byte) int {
	for len(b) >= 8 && binary.LittleEndian.Uint64(b[len(b)-8:])&highBits == 0 {
		b = b[:len(b)-8]
	}
	for len(b) > 0 && b[len(b)-1] < utf8.RuneSelf {
		b = b[:len(b)-1]
	}
	return len(b) - 1
}

// highBits has the high bit of each byte of a word set.
const highBits = 0x8080808080808080

// read returns the score of sample read in l.enc (see detectLegacy),
// decoded into buf piece by piece, and true; or false as soon as the
// score cannot rise above beat any more, with high the 8-bit bytes of
// sample still to read, each adding at most l.most (most of the time
// goes to the decoders of the encodings that lose). That is checked
// before the first byte and after each piece: an encoding that cannot
// win reads nothing, or the first piece that shows it, not a bufferful.
//
// A run of asciiRun ASCII bytes or more is not decoded but counted: its
// first two bytes go to the decoder (the first may end a character),
// and the others, at a character boundary of every encoding read (none
// keeps a state across characters), are characters of their own that
// only set prev. The pieces end where decoding all would end them, so
// that a character that ends one scores as it would (next unknown).
func (l legacy) read(sample, buf []byte, high, beat int) (int, bool) {
	if high*l.most <= beat {
		return 0, false
	}
	dec := l.enc.NewDecoder()
	score, prev := 0, rune(' ')
	used := 0 // bytes of buf the current piece holds
	// full ends the current piece; it reports whether the score can
	// still rise above beat.
	full := func() bool {
		used = 0
		return score+high*l.most > beat
	}
	boundary := true // sample starts at a character boundary
	for len(sample) > 0 {
		if boundary {
			n := ascii.Prefix(sample)
			if n > 0 {
				prev, sample = rune(sample[n-1]), sample[n:]
			}
			for n > 0 {
				k := min(n, len(buf)-used)
				if used, n = used+k, n-k; used == len(buf) && !full() {
					return score, false
				}
			}
			boundary = false
			continue
		}
		cut := len(sample)
		if k := asciiRunAt(sample, asciiRun); k >= 0 {
			cut, boundary = k+2, true
		}
		for region := sample[:cut]; len(region) > 0; {
			nDst, nSrc, _ := dec.Transform(buf[used:], region, true)
			if nSrc == 0 && used == 0 {
				return score, true // never stall; the decoders replace what they cannot read
			}
			high -= countHigh(region[:nSrc])
			region = region[nSrc:]
			score, prev = l.scoreText(buf[used:used+nDst], score, prev)
			if score+high*l.most <= beat {
				return score, false
			}
			if used += nDst; (len(region) > 0 || used == len(buf)) && !full() {
				return score, false
			}
		}
		sample = sample[cut:]
	}
	return score, score+high*l.most > beat
}

// asciiRun is the shortest run of ASCII bytes read counts without
// decoding it.
const asciiRun = 16

// asciiRunAt returns the offset of the first run of n ASCII bytes or
// more in b, -1 if there is none.
func asciiRunAt(b []byte, n int) int {
	for i := 0; i < len(b); {
		if b[i] >= utf8.RuneSelf {
			i++
			continue
		}
		k := ascii.Prefix(b[i:])
		if k >= n {
			return i
		}
		i += k
	}
	return -1
}

// scoreText adds to score the scores of the characters of text, a piece
// of the sample decoded, after prev; it returns the score and the last
// character. The character that ends text has an unknown next.
func (l legacy) scoreText(text []byte, score int, prev rune) (int, rune) {
	// next, n: the character after the one scored and its length, which
	// are the next one's when it is not ASCII; n is 0 when not known.
	next, n := rune(0), 0
	for i := 0; i < len(text); {
		if text[i] < 0x80 { // most of a page: skipped 8 bytes at a time
			i += ascii.Prefix(text[i:])
			prev, n = rune(text[i-1]), 0
			continue
		}
		r := next
		if n == 0 {
			r, n = utf8.DecodeRune(text[i:])
		}
		i += n
		next, n = ' ', 0 // unknown at the end of a piece
		if i < len(text) {
			next, n = utf8.DecodeRune(text[i:])
		}
		if r == utf8.RuneError || r < 0xa0 || 0xe000 <= r && r < 0xf900 {
			score -= 20
		} else {
			score += l.score(prev, r, next)
		}
		prev = r
	}
	return score, prev
}

func isASCIILetter(r rune) bool { return 'a' <= r|0x20 && r|0x20 <= 'z' }

// isWesternLetter reports whether r may be a letter of a word in a
// windows-1252 text: ASCII, Latin-1 or beyond.
func isWesternLetter(r rune) bool { return isASCIILetter(r) || r >= 0xc0 }

// scoreWestern scores a character of windows-1252: a letter next to an
// ASCII one, as in "café" or "Müller", French "à" as a word of its own,
// a soft hyphen inside a word (German pages hold hundreds), and the
// punctuation typographers use.
func scoreWestern(prev, r, next rune) int {
	switch {
	case 0xc0 <= r && r <= 0xff && r != 0xd7 && r != 0xf7:
		if isASCIILetter(prev) || isASCIILetter(next) {
			return 2
		}
		if (r == 'à' || r == 'À') && !isWesternLetter(prev) && !isWesternLetter(next) {
			return 2 // the preposition, which reads as Cyrillic "а" in windows-1251
		}
		return 0
	case r == 0xad && (isASCIILetter(prev) || isASCIILetter(next)):
		return 1
	case r == 0xa0 || r == 0xa9 || r == 0xab || r == 0xbb || r == 0xb0 || 0x2013 <= r && r <= 0x2026 || r == 0x20ac:
		return 1
	}
	return -1
}

// scoreCyrillic scores a character of windows-1251 or KOI8-R: the two
// put the same letters at other bytes, and one's lowercase text reads as
// the other's uppercase, so case inside words tells them apart.
func scoreCyrillic(prev, r, next rune) int {
	isCyr := func(r rune) bool { return 0x400 <= r && r <= 0x45f || r == 0x490 || r == 0x491 }
	switch {
	case !isCyr(r):
		if r == 0xa0 || r == 0xab || r == 0xbb || 0x2013 <= r && r <= 0x2026 || r == 0x2116 {
			return 1
		}
		return -1
	case isASCIILetter(prev) || isASCIILetter(next):
		return -2 // no word mixes the scripts
	case r >= 0x430 && r != 0x490: // lowercase
		switch r {
		case 'о', 'е', 'а', 'и', 'н', 'т', 'с', 'р', 'в', 'л':
			return 1
		}
		return 0
	case isCyr(prev):
		return -1 // uppercase inside a word
	}
	return 1
}

// scoreJapanese scores a character of Shift_JIS or EUC-JP: kana, the
// commonest kanji, the ideographic punctuation.
func scoreJapanese(prev, r, next rune) int {
	switch {
	case 0x3041 <= r && r <= 0x30ff:
		return 3
	case commonJapanese().has(r):
		return 3
	case 0x4e00 <= r && r <= 0x9fff, 0x3000 <= r && r <= 0x303f, 0xff01 <= r && r <= 0xff5e:
		return 1
	}
	return -1 // half-width katakana, Greek, box drawing, ...
}

// scoreHan returns the scorer of a Chinese encoding whose commonest
// characters are common.
func scoreHan(common func() *runeBits) func(prev, r, next rune) int {
	return func(prev, r, next rune) int {
		switch {
		case common().has(r):
			return 3
		case 0x4e00 <= r && r <= 0x9fff, 0x3000 <= r && r <= 0x303f, 0xff01 <= r && r <= 0xff5e:
			return 0
		}
		return -1 // kana, Cyrillic, symbols, ...
	}
}

// scoreKorean scores a character of EUC-KR: the commonest Hangul
// syllables; the rest of the 11,172 come from text in other encodings as
// well.
func scoreKorean(prev, r, next rune) int {
	switch {
	case commonHangul().has(r):
		return 3
	case 0xac00 <= r && r <= 0xd7a3, 0x3000 <= r && r <= 0x303f, 0xff01 <= r && r <= 0xff5e:
		return 0
	}
	return -1
}

// runeSet returns a function that makes the set of the characters of s at
// its first call: only a document in a legacy encoding needs the sets.
func runeSet(s string) func() *runeBits {
	return sync.OnceValue(func() *runeBits {
		lo, hi := rune(utf8.MaxRune), rune(0)
		for _, r := range s {
			lo, hi = min(lo, r), max(hi, r)
		}
		b := &runeBits{lo: lo, bits: make([]uint64, (hi-lo)/64+1)}
		for _, r := range s {
			b.bits[(r-lo)/64] |= 1 << ((r - lo) % 64)
		}
		return b
	})
}

// runeBits is a set of characters, a bit each from the least, lo, to the
// greatest: the common characters are in one block of a few thousand
// (Han, Hangul), and a bit costs less to test than a map.
type runeBits struct {
	lo   rune
	bits []uint64
}

// has reports whether r is in b.
func (b *runeBits) has(r rune) bool {
	i := r - b.lo
	return i >= 0 && int(i/64) < len(b.bits) && b.bits[i/64]&(1<<(i%64)) != 0
}

// The commonest characters of each language, from newspaper and web text
// frequency counts: a few hundred cover more than half of running text.
var (
	commonJapanese    = runeSet("日一国会人年大十二本中長出三同時政事自行社見月分議後前民生連五発間対上部東者党地合市業内相方四定今回新場金員九入選立開手米力学問高代明実円関決子動京全目表戦経通外最言氏現理調体化田当八六約主題下首意法不来作性的要用制治度務強気小七成期公持野協取都和統以機平総加山思家話世受区領多県続進正安設保改数記院女初北午指権心界支第産結百派点教報済書府活原先共得解名交資予川向際査勝面委告軍文反元重近千考判認画海参売利組知案道信策集在件団別物側任引使求所次水半品昨論計死官増係感特情投示変打男基私各始島直両朝革価式確村提運終挙果西勢減台広容必応演電歳住争談能無再位置企真流格有疑口過局少放税検藤町常校料沢裁状工建語球営空職証土与急止送援供可役構木割聞身費付施切由説転食比難防補車優夫研収断井何南石足違消境神番規術護展態導鮮備宅害配副算視条幹独警宮究育席輸訪楽起万着乗店述残想線率病農州武声質念待試族象銀域助労例衛然早張映限親額監環験追審商葉義伝働形景落欧担好退準賞訴辺造英被株頭技低毎医復仕去姿味負閣韓渡失移差衆個門写評課末守若脳極種美岡影命含福蔵量望松非撃佐核観察整段横融型白深字答夜製票況音申様財港識注呼渉達検索情報会員登録利用規約問合詳細概要製品一覧商品価格送料無料表示")
	commonSimplified  = runeSet("的一是不了人我在有他这中大来上个国到说们为子和你地出道也时年得就那要下以生会自着去之过家学对可她里后小么心多天而能好都然没日于起还发成事只作当想看文无开手十用主行方又如前所本见经头面公同三已老从动两长知民样现分将外但身些与高意进把法此实回二理美点月明其种声全工己话儿者向情部正名定女问力机给等几很业最间新什打便位因重被走电四第门相次东政海口使教西再平真听世气信北少关并内加化由却代军产入先山五太水万市眼体别处总才场师书比住员九笑性通目华报立马命张活难神数件安表原车白应路期叫死常提感金何更反合放做系计或司利受光王果亲界及今京务制解各任至清物台象记边共风战干接它许八特觉望直服毛林题建南度统色字请交爱让认算论百吃义科怎元社术结六功指思非流每青管夫连远资队跟带花快条院变联言权往展该领传近留红治决周保达办运武半候七必城父强步完革深区即求品士转量空甚众技轻程告江语英基派满式李息写呢识极令黄德收脸钱党倒未持取设始版双历越史商千片容研像找友孩站广改议形委早房音火际则首单据导影失拿网香似斯专石若兵弟谁校读志飞观争究包组造落视济喜离虽坐集编宝谈府拉黑且随格尽剑讲布杀微怕母调局根曾准团段终乐切级克精哪官示冷域闻页登录注册搜索网站关于联系产品服务下载帮助版权邮箱购物车价格评论")
	commonTraditional = runeSet("的一是不了人我在有他這中大來上個國到說們為子和你地出道也時年得就那要下以生會自著去之過家學對可她裡後小麼心多天而能好都然沒日於起還發成事只作當想看文無開手十用主行方又如前所本見經頭面公同三已老從動兩長知民樣現分將外但身些與高意進把法此實回二理美點月明其種聲全工己話兒者向情部正名定女問力機給等幾很業最間新什打便位因重被走電四第門相次東政海口使教西再平真聽世氣信北少關並內加化由卻代軍產入先山五太水萬市眼體別處總才場師書比住員九笑性通目華報立馬命張活難神數件安表原車白應路期叫死常提感金何更反合放做系計或司利受光王果親界及今京務制解各任至清物臺象記邊共風戰乾接它許八特覺望直服毛林題建南度統色字請交愛讓認算論百吃義科怎元社術結六功指思非流每青管夫連遠資隊跟帶花快條院變聯言權往展該領傳近留紅治決周保達辦運武半候七必城父強步完革深區即求品士轉量空甚眾技輕程告江語英基派滿式李息寫呢識極令黃德收臉錢黨倒未持取設始版雙歷越史商千片容研像找友孩站廣改議形委早房音火際則首單據導影失拿網香似斯專石若兵弟誰校讀志飛觀爭究包組造落視濟喜離雖坐集編寶談府拉黑且隨格盡劍講布殺微怕母調局根曾準團段終樂切級克精哪官示冷域聞頁登錄註冊搜尋網站關於聯絡產品服務下載幫助版權郵箱購物車價格評論")
	commonHangul      = runeSet("이다의는에을한가하고를지기서로도사으대리자나일어인해수니시보있내국정전것들게요만원제면부주라마상아비성장적소동경우관구그되여없무계과할모말때했신생문연세개스위금선화학회조분공실중야미행결후당안식오물방발업거까년날감심입및또통출저알된데와같각진민월명득현체권터더많르음건표운법점교영속등용단반치산차작외처예님곳받습었겠였려록른며번두드트크프바러레로그인회원가입검색뉴스서비스정보고객센터이용약관개인처리방침홈페지")
)
