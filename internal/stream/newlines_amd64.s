//go:build amd64 && !purego

#include "textflag.h"

DATA newline<>+0(SB)/8, $0x0a0a0a0a0a0a0a0a
DATA newline<>+8(SB)/8, $0x0a0a0a0a0a0a0a0a
GLOBL newline<>(SB), RODATA|NOPTR, $16

// STEP writes the lowest newline of the chunk's mask R10 (chunk at CX)
// to ends[DX], counts it if there was one, and clears it from the mask.
// With none left it writes a stray value past the count, which the next
// write or the caller's count leaves out.
#define STEP \
	BSFQ  R10, R11; \
	ADDQ  CX, R11; \
	MOVL  R11, (DI)(DX*4); \
	XORL  R12, R12; \
	TESTQ R10, R10; \
	SETNE R12B; \
	ADDQ  R12, DX; \
	LEAQ  -1(R10), R12; \
	ANDQ  R12, R10


// MASK ors the newlines of the sixteen bytes at off from the chunk at
// CX into R10, at their place among its 64.
#define MASK(off, x) \
	MOVOU    off(SI)(CX*1), x; \
	PCMPEQB  X0, x; \
	PMOVMSKB x, R11; \
	SHLQ     $off, R11; \
	ORQ      R11, R10

// func newlines(b []byte, ends []int32) (n, scanned int)
TEXT ·newlines(SB), NOSPLIT, $0-64
	MOVQ  b_base+0(FP), SI
	MOVQ  b_len+8(FP), BX
	MOVQ  ends_base+24(FP), DI
	MOVQ  ends_len+32(FP), R8
	MOVOU newline<>(SB), X0
	XORQ  CX, CX
	XORQ  DX, DX
	SUBQ  $64, BX // the last start of a whole chunk
	SUBQ  $64, R8 // the most entries before a chunk that leave it room

loop:
	CMPQ     CX, BX
	JGT      done
	CMPQ     DX, R8
	JGT      done
	MOVOU    (SI)(CX*1), X1
	PCMPEQB  X0, X1
	PMOVMSKB X1, R10
	MASK(16, X2)
	MASK(32, X3)
	MASK(48, X4)
	STEP
	STEP
	STEP

more:
	// A fourth newline and on: short lines, a loop.
	TESTQ R10, R10
	JZ    next
	STEP
	JMP   more

next:
	ADDQ $64, CX
	JMP  loop

done:
	MOVQ DX, n+48(FP)
	MOVQ CX, scanned+56(FP)
	RET
