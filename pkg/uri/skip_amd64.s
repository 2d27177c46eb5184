//go:build amd64 && !purego

#include "textflag.h"

// A class's members among sixteen bytes, by the nibble tables of
// charClass: each byte's low four bits index the low table and its high
// four the high table (PSHUFB), and a byte is a member when the two
// entries have a bit in common. Bytes from 0x80 have high nibbles whose
// entries are 0.

DATA lowNibbles<>+0(SB)/8, $0x0f0f0f0f0f0f0f0f
DATA lowNibbles<>+8(SB)/8, $0x0f0f0f0f0f0f0f0f
DATA lowNibbles<>+16(SB)/8, $0x0f0f0f0f0f0f0f0f
DATA lowNibbles<>+24(SB)/8, $0x0f0f0f0f0f0f0f0f
GLOBL lowNibbles<>(SB), RODATA|NOPTR, $32

DATA slashes<>+0(SB)/8, $0x2f2f2f2f2f2f2f2f
DATA slashes<>+8(SB)/8, $0x2f2f2f2f2f2f2f2f
DATA slashes<>+16(SB)/8, $0x2f2f2f2f2f2f2f2f
DATA slashes<>+24(SB)/8, $0x2f2f2f2f2f2f2f2f
GLOBL slashes<>(SB), RODATA|NOPTR, $32

DATA dots<>+0(SB)/8, $0x2e2e2e2e2e2e2e2e
DATA dots<>+8(SB)/8, $0x2e2e2e2e2e2e2e2e
DATA dots<>+16(SB)/8, $0x2e2e2e2e2e2e2e2e
DATA dots<>+24(SB)/8, $0x2e2e2e2e2e2e2e2e
GLOBL dots<>(SB), RODATA|NOPTR, $32

// NONMEMBERS sets AX to a bit for each byte of X0 not in the class whose
// low and high tables are in X6 and X7, the first byte lowest. X5 holds
// 0x0f in each byte, X4 zero.
#define NONMEMBERS \
	MOVOU   X0, X1; \
	PSRLW   $4, X1; \
	PAND    X5, X1; \
	MOVOU   X0, X2; \
	PAND    X5, X2; \
	MOVOU   X6, X3; \
	PSHUFB  X2, X3; \
	MOVOU   X7, X2; \
	PSHUFB  X1, X2; \
	PAND    X3, X2; \
	PCMPEQB X4, X2; \
	PMOVMSKB X2, AX

// WIDE_NONMEMBERS and WIDE_SLASHDOTS are NONMEMBERS and SLASHDOTS over
// the 32 bytes of Y0 by AVX2, the tables in both halves of Y6 and Y7,
// 0x0f in each byte of Y5, '/' of Y8 and '.' of Y9, Y4 zero. NIBBLES
// puts the high and low nibbles of y's bytes in Y1 and Y2, and LOOKUP
// sets m to the non-members among them of the class whose tables are
// lo and hi; TWO_CLASSES does so for two classes, the second's tables
// in Y10 and Y11.
#define NIBBLES(y) \
	VPSRLW $4, y, Y1; \
	VPAND  Y5, Y1, Y1; \
	VPAND  Y5, y, Y2

#define LOOKUP(lo, hi, m) \
	VPSHUFB   Y2, lo, Y3; \
	VPSHUFB   Y1, hi, Y12; \
	VPAND     Y3, Y12, Y12; \
	VPCMPEQB  Y4, Y12, Y12; \
	VPMOVMSKB Y12, m

#define WIDE_NONMEMBERS \
	NIBBLES(Y0); \
	LOOKUP(Y6, Y7, AX)

#define TWO_CLASSES(y, m, n) \
	NIBBLES(y); \
	LOOKUP(Y6, Y7, m); \
	LOOKUP(Y10, Y11, n)

// WIDE_CONSTANTS sets Y5, Y4, Y8 and Y9 as the macros above take them.
#define WIDE_CONSTANTS \
	VMOVDQU lowNibbles<>(SB), Y5; \
	VPXOR   Y4, Y4, Y4; \
	VMOVDQU slashes<>(SB), Y8; \
	VMOVDQU dots<>(SB), Y9

#define WIDE_SLASHDOTS \
	VPCMPEQB  Y8, Y0, Y1; \
	VPMOVMSKB Y1, R13; \
	VPCMPEQB  Y9, Y0, Y1; \
	VPMOVMSKB Y1, R9

// func cpuVectors() (ssse3, avx2 bool)
TEXT ·cpuVectors(SB), NOSPLIT, $0-2
	MOVB   $0, avx2+1(FP)
	MOVL   $1, AX
	XORL   CX, CX
	CPUID
	MOVL   CX, R8
	SHRL   $9, R8 // CPUID.1:ECX bit 9 is SSSE3
	ANDL   $1, R8
	MOVB   R8, ssse3+0(FP)
	ANDL   $0x18000000, CX // bits 27 and 28 are OSXSAVE and AVX
	CMPL   CX, $0x18000000
	JNE    noavx2
	XORL   CX, CX
	XGETBV // XCR0 bits 1 and 2: the system saves the SSE and AVX registers
	ANDL   $6, AX
	CMPL   AX, $6
	JNE    noavx2
	MOVL   $7, AX
	XORL   CX, CX
	CPUID
	SHRL   $5, BX // CPUID.7:EBX bit 5 is AVX2
	ANDL   $1, BX
	MOVB   BX, avx2+1(FP)

noavx2:
	RET

// PAIRS sets R12 to the dots of X0 that follow a slash, the slash before
// the first byte given by R11 (0 or 1); R13 and R9 are X0's slashes and
// dots.
#define PAIRS \
	MOVL R13, R12; \
	SHLL $1, R12; \
	ORL  R11, R12; \
	ANDL R9, R12

// WINDOW32 takes the masks AX, R13 and R9 of the 32 bytes from R8: it
// shifts out the bytes before CX, and sets AX's bit for the end of s
// where it is among them (bit 32 where it is not), BX to what is left of
// s from CX, and R12 to the pairs. It jumps to found where the run ends
// among them, and otherwise moves CX on by 32. R14 is clobbered.
#define WINDOW32(found) \
	MOVQ    CX, R14; \
	SUBQ    R8, CX; \
	SHRQ    CX, AX; \
	SHRQ    CX, R13; \
	SHRQ    CX, R9; \
	MOVQ    R14, CX; \
	MOVQ    DX, BX; \
	SUBQ    CX, BX; \
	MOVQ    $32, R12; \
	CMPQ    BX, R12; \
	CMOVQLT BX, R12; \
	BTSQ    R12, AX; \
	PAIRS; \
	TESTL   AX, AX; \
	JNZ     found; \
	ORL     R12, R10; \
	MOVL    R13, R11; \
	SHRL    $31, R11; \
	ADDQ    $32, CX

// SLASHDOTS sets R13 and R9 to the slashes and dots of X0.
#define SLASHDOTS \
	MOVOU    X0, X1; \
	PCMPEQB  X8, X1; \
	PMOVMSKB X1, R13; \
	MOVOU    X0, X1; \
	PCMPEQB  X9, X1; \
	PMOVMSKB X1, R9

// func skipRuns(s string, i int, class, then *charClass) (end, thenEnd int, slashDot bool)
TEXT ·skipRuns(SB), NOSPLIT, $0-57
	MOVQ  s_base+0(FP), SI
	MOVQ  s_len+8(FP), DX
	MOVQ  i+16(FP), CX
	MOVQ  class+24(FP), DI
	MOVQ  $-1, thenEnd+48(FP)
	MOVB  $0, slashDot+56(FP)

run:
	// A run of the class in DI from CX.
	XORL  R10, R10 // the pairs "/." seen so far
	XORL  R11, R11 // whether the byte before is a '/' of the run: a run never starts after one
	CMPB  ·wide(SB), $0
	JEQ   notwide
	CMPQ  DX, $32
	JAE   wide

	// Fewer than 32 bytes: wide reads the 32 that end where s ends, and
	// so bytes before s, where all 32 are in the page of its last byte (a
	// read within a page cannot fault; pages are 4 KiB or larger). The
	// bytes before s are shifted out as those before CX are.
	TESTQ DX, DX
	JZ    bytes
	LEAQ  -1(SI)(DX*1), R8
	ANDL  $4095, R8
	CMPL  R8, $31
	JAE   wide

notwide:
	CMPQ  DX, $16
	JB    bytes
	CMPB  ·vector(SB), $0
	JEQ   bytes

narrow:
	MOVOU 256(DI), X6
	MOVOU 272(DI), X7
	MOVOU lowNibbles<>(SB), X5
	PXOR  X4, X4
	MOVOU slashes<>(SB), X8
	MOVOU dots<>(SB), X9
	MOVQ  DX, BX
	SUBQ  CX, BX // what is left of s from i
	CMPQ  DX, $32
	JAE   first
	CMPQ  BX, $16
	JB    tail

loop:
	MOVOU (SI)(CX*1), X0
	NONMEMBERS
	SLASHDOTS
	PAIRS
	TESTL AX, AX
	JNZ   found
	ORL   R12, R10
	MOVL  R13, R11
	SHRL  $15, R11
	ADDQ  $16, CX
	SUBQ  $16, BX
	CMPQ  BX, $16
	JAE   loop

tail:
	// Fewer than 16 bytes are left, BX of them: they are the last BX of
	// the last sixteen bytes of s. Shift out the others, and count the
	// end of s as a non-member.
	TESTQ BX, BX
	JZ    end
	MOVOU -16(SI)(DX*1), X0
	NONMEMBERS
	SLASHDOTS
	MOVQ  CX, R8
	MOVQ  $16, CX
	SUBQ  BX, CX
	SHRL  CX, AX
	SHRL  CX, R13
	SHRL  CX, R9
	BTSL  BX, AX
	MOVQ  R8, CX
	PAIRS

found:
	// Only the pairs whose dot is before the first non-member count.
	BSFL AX, AX
	MOVQ CX, R8
	MOVL AX, CX
	MOVL $1, BX
	SHLL CX, BX
	DECL BX
	ANDL BX, R12
	ORL  R12, R10
	MOVQ R8, CX
	ADDQ AX, CX
	JMP  end

first:
	// The first 32 bytes from i, or the last 32 of s where fewer are
	// left (R8, their start, is the lesser), with no branch on where
	// in them the run ends: most runs (a host, a path) end within them,
	// and a loop's exit there, after one vector or two, is one the
	// branch predictor cannot learn. The end of s counts as a
	// non-member; a run past the 32 bytes goes on in the loop.
	MOVQ    DX, R8
	SUBQ    $32, R8
	CMPQ    CX, R8
	CMOVQLT CX, R8
	MOVOU   16(SI)(R8*1), X0
	NONMEMBERS
	SLASHDOTS
	MOVL    AX, BX
	SHLL    $16, BX
	MOVL    R13, R14
	SHLL    $16, R14
	MOVL    R9, R12
	SHLL    $16, R12
	MOVOU   (SI)(R8*1), X0
	NONMEMBERS
	SLASHDOTS
	ORL     BX, AX
	ORL     R14, R13
	ORL     R12, R9

	WINDOW32(found)
	SUBQ    $32, BX
	CMPQ    BX, $16
	JB      tail
	JMP     loop

wide:
	// 32 bytes at a time by AVX2, s having as many or the 32 that end
	// where it ends being in one page: the 32 from CX, or those that end
	// where s ends where fewer are left, the bytes before CX shifted out
	// and the end of s counted as a non-member (bit 32 where it is not
	// among them), with no branch on where in them the run ends. The
	// first of two runs goes by widethen.
	MOVQ           then+32(FP), R8
	TESTQ          R8, R8
	JZ             widerun
	CMPQ           DI, R8
	JNE            widethen

widerun:
	VBROADCASTI128 256(DI), Y6
	VBROADCASTI128 272(DI), Y7
	WIDE_CONSTANTS

wideloop:
	MOVQ    DX, R8
	SUBQ    $32, R8
	CMPQ    CX, R8
	CMOVQLT CX, R8
	VMOVDQU (SI)(R8*1), Y0
	WIDE_NONMEMBERS
	WIDE_SLASHDOTS
	WINDOW32(widefound)
	JMP     wideloop

widefound:
	VZEROUPPER
	JMP found

widethen:
	// The first run and then's from its end, by the 64 bytes from CX
	// classified for both classes at once (those of s, where fewer are
	// left): then's run needs no load that waits for where the first
	// run ends, and most references' host and path end among them.
	// Where the first run does not, widerun scans it; where then's does
	// not, wideloop goes on with it from the 64 bytes' end. R8 holds
	// then.
	VBROADCASTI128 256(DI), Y6
	VBROADCASTI128 272(DI), Y7
	VBROADCASTI128 256(R8), Y10
	VBROADCASTI128 272(R8), Y11
	WIDE_CONSTANTS

	// Two windows of 32 bytes: the first from CX, or the last 32 of s
	// where fewer are left; the second from CX+32, or the last 32 of s
	// where fewer than 64 are left. Each one's bytes before where it
	// should start are shifted out (all of the second's where fewer than
	// 32 are left), and the second's masks go above the first's.
	MOVQ    DX, R12
	SUBQ    $32, R12
	MOVQ    R12, R8
	CMPQ    CX, R8
	CMOVQLT CX, R8
	LEAQ    32(CX), R14
	CMPQ    R14, R12
	CMOVQLT R14, R12
	VMOVDQU (SI)(R8*1), Y0
	VMOVDQU (SI)(R12*1), Y13
	NEGQ    R8
	ADDQ    CX, R8 // the first window's shift
	NEGQ    R12
	ADDQ    R14, R12 // the second's
	MOVQ    CX, R14
	TWO_CLASSES(Y0, AX, BX)
	WIDE_SLASHDOTS
	MOVQ    R8, CX
	SHRQ    CX, AX
	SHRQ    CX, BX
	SHRQ    CX, R13
	SHRQ    CX, R9
	TWO_CLASSES(Y13, R8, R10)
	MOVQ    R12, CX
	SHRQ    CX, R8
	SHRQ    CX, R10
	SHLQ    $32, R8
	SHLQ    $32, R10
	ORQ     R8, AX
	ORQ     R10, BX
	VPCMPEQB  Y8, Y13, Y1
	VPMOVMSKB Y1, R8
	VPCMPEQB  Y9, Y13, Y1
	VPMOVMSKB Y1, R10
	SHRQ    CX, R8
	SHRQ    CX, R10
	SHLQ    $32, R8
	SHLQ    $32, R10
	ORQ     R8, R13
	ORQ     R10, R9

	// The end of s is a non-member of both classes, where it is among
	// the 64 bytes.
	MOVQ    DX, R12
	SUBQ    R14, R12
	MOVQ    R12, CX
	MOVL    $1, R8
	SHLQ    CX, R8
	XORL    R10, R10
	CMPQ    R12, $64
	CMOVQCC R10, R8
	MOVQ    R14, CX
	ORQ     R8, AX
	ORQ     R8, BX
	BSFQ    AX, AX
	JZ      widerun
	LEAQ    (CX)(AX*1), R14
	MOVQ    R14, end+40(FP)
	CMPQ    R14, DX
	JAE     widedone
	CMPB    (SI)(R14*1), $0x2f // '/'
	JNE     widedone

	// then's run from the '/' at R14, AX bytes after CX: its masks
	// shifted to start there. R11 keeps the slash of the 64 bytes' last
	// byte for a run that goes on past them.
	MOVQ    R13, R11
	SHRQ    $63, R11
	MOVQ    CX, R12
	MOVQ    AX, CX
	SHRQ    CX, BX
	SHRQ    CX, R13
	SHRQ    CX, R9
	MOVQ    R12, CX
	MOVQ    R13, R10
	SHLQ    $1, R10
	ANDQ    R9, R10 // then's pairs "/." among the 64 bytes
	BSFQ    BX, BX
	JZ      wideon

	// then's run ends BX bytes after R14: only the pairs whose dot is
	// before that end count.
	LEAQ    (R14)(BX*1), R8
	MOVQ    R8, thenEnd+48(FP)
	MOVQ    BX, CX
	MOVQ    $1, R8
	SHLQ    CX, R8
	DECQ    R8
	TESTQ   R8, R10
	SETNE   slashDot+56(FP)

widedone:
	VZEROUPPER
	RET

wideon:
	// wideloop keeps its pairs in 32 bits: only whether there are any
	// goes on.
	XORL    R8, R8
	TESTQ   R10, R10
	SETNE   R8B
	MOVL    R8, R10
	ADDQ    $64, CX
	MOVQ    then+32(FP), DI
	VMOVDQA Y10, Y6
	VMOVDQA Y11, Y7
	JMP     wideloop

bytes:
	// A string too short for a vector, or no SSSE3: a byte at a time.
	CMPQ    CX, DX
	JAE     end
	MOVBLZX (SI)(CX*1), AX
	MOVBLZX (DI)(AX*1), R8
	TESTB   $1, R8B
	JZ      end
	CMPB    AL, $0x2e // '.'
	JNE     notdot
	ORL     R11, R10
notdot:
	XORL    R11, R11
	CMPB    AL, $0x2f // '/'
	SETEQ   R11B
	INCQ    CX
	JMP     bytes

end:
	// slashDot is for the run of pathChar, the first or the second.
	LEAQ  ·pathChar(SB), R8
	CMPQ  DI, R8
	JNE   ended
	TESTL R10, R10
	SETNE slashDot+56(FP)

ended:
	MOVQ class+24(FP), R8
	CMPQ DI, R8
	JNE  second
	MOVQ CX, end+40(FP)

	// The first run ended at CX: where a second class is given and the
	// run ended at a '/', a run of it follows from there.
	MOVQ    then+32(FP), R8
	TESTQ   R8, R8
	JZ      done
	CMPQ    CX, DX
	JAE     done
	MOVBLZX (SI)(CX*1), AX
	CMPB    AL, $0x2f // '/'
	JNE     done
	MOVQ    R8, DI
	JMP     run

second:
	MOVQ CX, thenEnd+48(FP)

done:
	RET
