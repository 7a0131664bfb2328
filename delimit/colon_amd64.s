//go:build !purego

#include "go_asm.h"
#include "textflag.h"

DATA colonByte<>+0(SB)/1, $0x3a
GLOBL colonByte<>(SB), RODATA|NOPTR, $1
DATA newlineByte<>+0(SB)/1, $0x0a
GLOBL newlineByte<>(SB), RODATA|NOPTR, $1

// func indexColonAVX2(b []byte, p int) (i, lines int)
//
// It returns the index of the first ':' in b[p:] that noURIAfter does not
// rule out (check, below, is noURIAfter), or -1, and the number of '\n' in
// b[p:] before it. It reads b[p:] in blocks of 64 bytes, two AVX2
// registers, comparing each with ':' and '\n'; the bytes after the last
// whole block, one at a time. The '\n' of a block go to per-byte counters,
// folded into quadwords every 127 blocks, before a byte could overflow.
TEXT ·indexColonAVX2(SB), NOSPLIT, $0-48
	MOVQ b_base+0(FP), DI
	MOVQ b_len+8(FP), R8
	MOVQ p+24(FP), SI
	ADDQ DI, SI          // the next byte to read
	ADDQ DI, R8          // the end of b
	XORQ R9, R9          // line breaks counted outside the vectors
	// VEX-encoded broadcasts from memory: a legacy SSE move into an X
	// register here would cost a state transition on each call.
	VPBROADCASTB colonByte<>(SB), Y6
	VPBROADCASTB newlineByte<>(SB), Y7
	VPXOR Y8, Y8, Y8     // line breaks per byte lane
	VPXOR Y9, Y9, Y9     // zero
	VPXOR Y10, Y10, Y10  // line breaks, folded: four quadwords
	MOVQ $127, R11       // blocks before the next fold
	MOVQ R8, R10
	SUBQ SI, R10
	CMPQ R10, $64
	JB tail
	LEAQ -64(R8), R10    // the last start of a whole block

block:
	// Measured faster than leaving it all to the hardware prefetcher,
	// whose stream the caller's work at each ':' interrupts.
	PREFETCHT0 1024(SI)
	VMOVDQU (SI), Y0
	VMOVDQU 32(SI), Y1
	VPCMPEQB Y0, Y6, Y2
	VPCMPEQB Y1, Y6, Y3
	VPOR Y2, Y3, Y4
	VPCMPEQB Y0, Y7, Y0
	VPCMPEQB Y1, Y7, Y1
	VPTEST Y4, Y4
	JNZ colons

count:
	VPSUBB Y0, Y8, Y8
	VPSUBB Y1, Y8, Y8
	ADDQ $64, SI
	DECQ R11
	JNZ nextblock
	VPSADBW Y9, Y8, Y8
	VPADDQ Y8, Y10, Y10
	VPXOR Y8, Y8, Y8
	MOVQ $127, R11
nextblock:
	CMPQ SI, R10
	JBE block
	JMP tail

colons:
	VPMOVMSKB Y2, BX
	VPMOVMSKB Y3, CX
	SHLQ $32, CX
	ORQ CX, BX           // the block's colons, one bit each

colon:
	BSFQ BX, CX
	LEAQ (SI)(CX*1), DX
	XORQ R13, R13
	JMP check
ruledout:
	TESTQ R13, R13
	JNZ tailnext
	BTRQ CX, BX
	TESTQ BX, BX
	JNZ colon
	JMP count            // Y0 and Y1 still hold the block's line breaks

found:
	TESTQ R13, R13
	JNZ tailfound
	VPMOVMSKB Y0, AX
	VPMOVMSKB Y1, BX
	SHLQ $32, BX
	ORQ BX, AX
	MOVQ $1, BX
	SHLQ CX, BX
	DECQ BX
	ANDQ BX, AX          // the line breaks before the ':'
	POPCNTQ AX, AX
	ADDQ AX, R9
	SUBQ DI, DX
	MOVQ DX, i+32(FP)
	JMP result

tail:
	CMPQ SI, R8
	JAE none
	MOVBLZX (SI), AX
	CMPB AL, $0x3a
	JEQ tailcolon
	CMPB AL, $0x0a
	JNE tailnext
	INCQ R9
tailnext:
	INCQ SI
	JMP tail
tailcolon:
	MOVQ SI, DX
	MOVQ $1, R13
	JMP check
tailfound:
	SUBQ DI, DX
	MOVQ DX, i+32(FP)
	JMP result
none:
	MOVQ $-1, i+32(FP)
	JMP result

// check jumps to ruledout when the ':' at DX is one noURIAfter rules
// out, else to found; R13 tells these where it came from (0: a block, 1:
// the tail). It uses AX and R12 and keeps BX and CX.
check:
	CMPQ DX, DI
	JEQ ruledout
	LEAQ ·class(SB), R12
	MOVBLZX -1(DX), AX
	MOVBLZX (R12)(AX*1), AX
	TESTB $const_cScheme, AL
	JZ ruledout
	LEAQ 1(DX), AX
	CMPQ AX, R8
	JAE found
	MOVBLZX 1(DX), AX
	MOVBLZX (R12)(AX*1), AX
	TESTB $const_cURI, AL
	JNZ found
	TESTB $const_cSpace, AL
	JZ ruledout
	MOVBLZX 1(DX), AX
	CMPB AL, $0x0a
	JEQ linebreak
	CMPB AL, $0x20
	JEQ blank
	CMPB AL, $0x09
	JNE found
blank:
	// A label: up to two blanks, then text.
	LEAQ 2(DX), AX
	CMPQ AX, R8
	JAE found
	MOVBLZX 2(DX), AX
	MOVBLZX (R12)(AX*1), AX
	TESTB $const_cSpace, AL
	JZ ruledout
	MOVBLZX 2(DX), AX
	CMPB AL, $0x20
	JEQ blank2
	CMPB AL, $0x09
	JNE found
blank2:
	LEAQ 3(DX), AX
	CMPQ AX, R8
	JAE found
	MOVBLZX 3(DX), AX
	MOVBLZX (R12)(AX*1), AX
	TESTB $const_cSpace, AL
	JZ ruledout
	JMP found
linebreak:
	// A blank line.
	LEAQ 2(DX), AX
	CMPQ AX, R8
	JAE found
	CMPB 2(DX), $0x0a
	JEQ ruledout
	JMP found

result:
	VPSADBW Y9, Y8, Y8
	VPADDQ Y8, Y10, Y10
	VEXTRACTI128 $1, Y10, X11
	VPADDQ X11, X10, X10
	VPSRLDQ $8, X10, X11
	VPADDQ X11, X10, X10
	VMOVQ X10, AX
	ADDQ AX, R9
	MOVQ R9, lines+40(FP)
	VZEROUPPER
	RET
