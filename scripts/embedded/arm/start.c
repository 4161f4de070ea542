// Start-up code and platform shim of the Cortex-M smoke firmware
// (scripts/embedded-arm-check.sh), for QEMU's mps2-an386 board. It is test
// harness, not library: the library itself contains no C.
//
// What it provides, and why each piece is here:
// - the vector table and reset handler, because there is no C runtime;
// - the functions the Embedded Swift runtime and LLVM's generated code call
//   on a bare target (posix_memalign/free, mem*, putchar, the EABI 64-bit
//   division helpers), because the toolchain ships no libc or compiler-rt
//   for armv7em;
// - the measurements the check reports: an allocator that counts, a painted
//   stack, and an instruction clock (SysTick under QEMU's -icount).
#include <stddef.h>
#include <stdint.h>

extern uint32_t _sstack[], _estack[], _sidata[], _sdata[], _edata[], _sbss[], _ebss[];
extern unsigned char _sheap[], _eheap[];
extern void swift_main(void);

// ---- Semihosting: the only I/O the firmware has -------------------------

// ARM semihosting: `bkpt 0xab` with the operation in r0 and its argument in
// r1; QEMU performs it on the host when started with -semihosting-config.
static int semihost(int op, const void *arg) {
    register int r0 __asm__("r0") = op;
    register const void *r1 __asm__("r1") = arg;
    __asm__ volatile("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
    return r0;
}

// SYS_EXIT_EXTENDED with ADP_Stopped_ApplicationExit: QEMU exits with `code`,
// so the check sees a trap or a failed self-test in the exit status.
static void __attribute__((noreturn)) semihost_exit(uint32_t code) {
    uint32_t block[2] = {0x20026, code};
    semihost(0x20, block);
    for (;;) {}
}

// Output goes out a line at a time (SYS_WRITE0): one host call per line
// instead of one per character keeps the emulated instruction counts of the
// measured regions free of I/O, since printing happens outside them anyway.
static char line[256];
static size_t line_length;

static void flush_line(void) {
    line[line_length] = 0;
    semihost(0x04, line);
    line_length = 0;
}

int putchar(int c) {
    line[line_length++] = (char)c;
    if (c == '\n' || line_length == sizeof line - 1) flush_line();
    return c;
}

static void put_string(const char *s) { while (*s) putchar(*s++); }

static void put_decimal(uint64_t value) {
    char digits[21];
    int n = 0;
    do { digits[n++] = (char)('0' + value % 10); value /= 10; } while (value);
    while (n) putchar(digits[--n]);
}

// ---- Memory functions LLVM and the runtime call ---------------------------

void *memset(void *d, int c, size_t n) { unsigned char *p = d; while (n--) *p++ = (unsigned char)c; return d; }
void *memcpy(void *d, const void *s, size_t n) { unsigned char *p = d; const unsigned char *q = s; while (n--) *p++ = *q++; return d; }
void *memmove(void *d, const void *s, size_t n) {
    unsigned char *p = d; const unsigned char *q = s;
    if (p < q) { while (n--) *p++ = *q++; } else { p += n; q += n; while (n--) *--p = *--q; }
    return d;
}
int memcmp(const void *a, const void *b, size_t n) {
    const unsigned char *p = a, *q = b;
    for (; n; n--, p++, q++) if (*p != *q) return *p - *q;
    return 0;
}
size_t strlen(const char *s) { size_t n = 0; while (s[n]) n++; return n; }

// The ARM EABI names of the same operations, which LLVM emits for ARM targets.
void __aeabi_memcpy(void *d, const void *s, size_t n) { memcpy(d, s, n); }
void __aeabi_memcpy4(void *d, const void *s, size_t n) { memcpy(d, s, n); }
void __aeabi_memcpy8(void *d, const void *s, size_t n) { memcpy(d, s, n); }
void __aeabi_memmove(void *d, const void *s, size_t n) { memmove(d, s, n); }
void __aeabi_memmove4(void *d, const void *s, size_t n) { memmove(d, s, n); }
void __aeabi_memmove8(void *d, const void *s, size_t n) { memmove(d, s, n); }
void __aeabi_memset(void *d, size_t n, int c) { memset(d, c, n); }
void __aeabi_memset4(void *d, size_t n, int c) { memset(d, c, n); }
void __aeabi_memset8(void *d, size_t n, int c) { memset(d, c, n); }
void __aeabi_memclr(void *d, size_t n) { memset(d, 0, n); }
void __aeabi_memclr4(void *d, size_t n) { memset(d, 0, n); }
void __aeabi_memclr8(void *d, size_t n) { memset(d, 0, n); }

// ---- 64-bit shifts by a variable count ----------------------------------

// At -Osize LLVM calls these rather than inlining the two-word sequence.
// Written on 32-bit halves: a 64-bit shift in C would call itself.
typedef union { uint64_t all; struct { uint32_t low, high; } s; } dword;

uint64_t __aeabi_llsr(uint64_t value, int count) {
    dword v = {value}, r;
    if (count >= 32) { r.s.low = v.s.high >> (count - 32); r.s.high = 0; }
    else if (count == 0) return value;
    else { r.s.low = (v.s.low >> count) | (v.s.high << (32 - count)); r.s.high = v.s.high >> count; }
    return r.all;
}

uint64_t __aeabi_llsl(uint64_t value, int count) {
    dword v = {value}, r;
    if (count >= 32) { r.s.high = v.s.low << (count - 32); r.s.low = 0; }
    else if (count == 0) return value;
    else { r.s.high = (v.s.high << count) | (v.s.low >> (32 - count)); r.s.low = v.s.low << count; }
    return r.all;
}

int64_t __aeabi_lasr(int64_t value, int count) {
    dword v = {(uint64_t)value}, r;
    int32_t high = (int32_t)v.s.high;
    if (count >= 32) { r.s.low = (uint32_t)(high >> (count - 32)); r.s.high = (uint32_t)(high >> 31); }
    else if (count == 0) return value;
    else { r.s.low = (v.s.low >> count) | (v.s.high << (32 - count)); r.s.high = (uint32_t)(high >> count); }
    return (int64_t)r.all;
}

// ---- 64-bit division: Cortex-M4 divides 32-bit words only ---------------

// Shift-and-subtract; the core divides 64-bit values only while formatting
// numbers and converting times, never in a signature's arithmetic, so speed
// does not matter here. Division by zero returns 0: Swift checks for it
// before dividing, so it never reaches this point.
static uint64_t udivmod64(uint64_t n, uint64_t d, uint64_t *remainder) {
    uint64_t q = 0, r = 0;
    if (d == 0) { *remainder = 0; return 0; }
    for (int i = 63; i >= 0; i--) {
        r = (r << 1) | ((n >> i) & 1);
        if (r >= d) { r -= d; q |= (uint64_t)1 << i; }
    }
    *remainder = r;
    return q;
}

// The EABI returns quotient and remainder together in r0–r3, which a C
// function cannot express directly; these wrappers place them there.
typedef struct { uint64_t quotient, remainder; } uldivmod_result;

__attribute__((pcs("aapcs"))) uldivmod_result __aeabi_uldivmod_c(uint64_t n, uint64_t d) {
    uldivmod_result r;
    r.quotient = udivmod64(n, d, &r.remainder);
    return r;
}

__attribute__((pcs("aapcs"))) uldivmod_result __aeabi_ldivmod_c(int64_t n, int64_t d) {
    uint64_t un = n < 0 ? (uint64_t)0 - (uint64_t)n : (uint64_t)n;
    uint64_t ud = d < 0 ? (uint64_t)0 - (uint64_t)d : (uint64_t)d;
    uldivmod_result r;
    r.quotient = udivmod64(un, ud, &r.remainder);
    if ((n < 0) != (d < 0)) r.quotient = (uint64_t)0 - r.quotient;
    if (n < 0) r.remainder = (uint64_t)0 - r.remainder;
    return r;
}

// A 16-byte struct is returned through memory (r0 points at it), so the
// assembly entry points reserve it on the stack and load it into r0–r3.
#define DIVMOD_ENTRY(name, body)                                                \
    __attribute__((naked)) void name(void) {                                    \
        __asm__ volatile(                                                       \
            "push {r4, lr}\n"                                                   \
            "sub sp, sp, #24\n"                                                 \
            "str r3, [sp, #4]\n"  /* d high: 3rd argument word on the stack */ \
            "str r2, [sp, #0]\n"                                                \
            "mov r3, r1\n"        /* n moves to r2:r3 */                        \
            "mov r2, r0\n"                                                      \
            "add r0, sp, #8\n"    /* r0: where the result goes */               \
            "bl " body "\n"                                                     \
            "ldr r0, [sp, #8]\n"                                                \
            "ldr r1, [sp, #12]\n"                                               \
            "ldr r2, [sp, #16]\n"                                               \
            "ldr r3, [sp, #20]\n"                                               \
            "add sp, sp, #24\n"                                                 \
            "pop {r4, pc}\n");                                                  \
    }
DIVMOD_ENTRY(__aeabi_uldivmod, "__aeabi_uldivmod_c")
DIVMOD_ENTRY(__aeabi_ldivmod, "__aeabi_ldivmod_c")

// ---- The counting allocator ----------------------------------------------

// A bump allocator over the RAM after .bss, with a header before each block
// holding its size, so that free can keep the live total. It never reuses
// memory: the figure that matters for a device is the peak of live bytes
// (what any real allocator must at least hold), which it reports together
// with the number of allocations.
static unsigned char *heap_top = _sheap;
static uint32_t allocations, live_bytes, peak_live_bytes;

int posix_memalign(void **out, size_t alignment, size_t size) {
    if (alignment < 8) alignment = 8;
    uintptr_t start = ((uintptr_t)heap_top + sizeof(uint32_t) + alignment - 1) & ~(uintptr_t)(alignment - 1);
    if (start + size > (uintptr_t)_eheap || start + size < start) return 12;  // ENOMEM: Swift traps
    ((uint32_t *)start)[-1] = (uint32_t)size;
    heap_top = (unsigned char *)(start + size);
    allocations += 1;
    live_bytes += (uint32_t)size;
    if (live_bytes > peak_live_bytes) peak_live_bytes = live_bytes;
    *out = (void *)start;
    return 0;
}

void free(void *pointer) {
    if (pointer) live_bytes -= ((uint32_t *)pointer)[-1];
}

// Hashing seeds (Dictionary, Set) are the only users of randomness in the
// Embedded runtime, and the core uses neither (docs/embedded.md). A
// verification must never depend on randomness, so asking for it is a
// failure of the check, not something to stub with fixed bytes.
void arc4random_buf(void *buffer, size_t size) {
    (void)buffer; (void)size;
    put_string("\nFAILED: arc4random_buf called (Dictionary or Set in the core?)\n");
    semihost_exit(2);
}

// ---- The instruction clock -----------------------------------------------

// QEMU started with `-icount shift=0` advances its virtual clock 1 ns per
// instruction. The board's first CMSDK timer counts that clock down (at
// 25 MHz); being 32 bits wide it wraps only after 2^32 ticks (about 170 G
// instructions), so, unlike the 24-bit SysTick, it needs no wrap interrupt
// whose handler would itself be counted. The ratio of instructions to ticks
// is measured at start-up over a loop of known length rather than assumed
// from the board's clock.
#define TIMER0_CTRL (*(volatile uint32_t *)0x40000000)
#define TIMER0_VALUE (*(volatile uint32_t *)0x40000004)
#define TIMER0_RELOAD (*(volatile uint32_t *)0x40000008)

static uint32_t ticks(void) { return 0xFFFFFFFFu - TIMER0_VALUE; }

// Instructions per 1,000 ticks, from a loop of two instructions per turn.
static uint64_t instructions_per_kilotick;
#define CALIBRATION_TURNS 1000000u

static void calibrate(void) {
    uint32_t start = ticks();
    register uint32_t turns __asm__("r0") = CALIBRATION_TURNS;
    __asm__ volatile("1: subs %0, #1\n bne 1b" : "+r"(turns));
    uint32_t elapsed = ticks() - start;
    instructions_per_kilotick = elapsed ? 2ull * CALIBRATION_TURNS * 1000 / elapsed : 0;
    put_string("clock: ");
    put_decimal(2ull * CALIBRATION_TURNS);
    put_string(" instructions in ");
    put_decimal(elapsed);
    put_string(" ticks\n");
}

// ---- The painted stack -----------------------------------------------------

#define STACK_PAINT 0xC5C5C5C5u

// Paints the free part of the stack below the caller's frames, leaving a
// margin for this function's own frame.
static void __attribute__((noinline)) paint_stack(void) {
    uint32_t *sp;
    __asm__ volatile("mov %0, sp" : "=r"(sp));
    for (uint32_t *p = _sstack; p < sp - 16; p++) *p = STACK_PAINT;
}

// Bytes of stack in use at the deepest point since the last paint, folded
// into the deepest point of the whole run (each measured region repaints).
static uint32_t run_stack_peak;

static uint32_t stack_peak(void) {
    uint32_t *p = _sstack;
    while (p < _estack && *p == STACK_PAINT) p++;
    uint32_t peak = (uint32_t)((uintptr_t)_estack - (uintptr_t)p);
    if (peak > run_stack_peak) run_stack_peak = peak;
    return peak;
}

// ---- Measured regions, called from the Swift program ----------------------

static uint32_t begin_ticks;
static uint64_t measured_instructions;
static uint32_t begin_allocations, measured_allocations, begin_live, measured_peak, measured_stack;

void arm_measure_begin(void) {
    (void)stack_peak();
    paint_stack();
    begin_allocations = allocations;
    begin_live = live_bytes;
    peak_live_bytes = live_bytes;
    begin_ticks = ticks();
}

void arm_measure_end(void) {
    uint32_t elapsed = ticks() - begin_ticks;
    measured_instructions = (uint64_t)elapsed * instructions_per_kilotick / 1000;
    measured_allocations = allocations - begin_allocations;
    measured_peak = peak_live_bytes - begin_live;
    measured_stack = stack_peak();
}

// One line the check parses: the cost of the region just measured.
void arm_measure_report(void) {
    put_string("  cost: ");
    put_decimal(measured_instructions);
    put_string(" instructions, ");
    put_decimal(measured_stack);
    put_string(" bytes of stack, ");
    put_decimal(measured_allocations);
    put_string(" allocations, ");
    put_decimal(measured_peak);
    put_string(" heap bytes at peak\n");
}

// ---- Reset and faults ------------------------------------------------------

void __attribute__((noreturn)) reset_handler(void) {
    for (uint32_t *s = _sidata, *d = _sdata; d < _edata;) *d++ = *s++;
    for (uint32_t *d = _sbss; d < _ebss;) *d++ = 0;
    paint_stack();
    TIMER0_RELOAD = 0xFFFFFFFFu;
    TIMER0_VALUE = 0xFFFFFFFFu;
    TIMER0_CTRL = 1;  // enabled, no interrupt
    calibrate();
    swift_main();
    (void)stack_peak();
    uint32_t peak = run_stack_peak;
    put_string("run: ");
    put_decimal(peak);
    put_string(" bytes of stack at peak (of ");
    put_decimal((uintptr_t)_estack - (uintptr_t)_sstack);
    put_string("), ");
    put_decimal(allocations);
    put_string(" allocations, ");
    put_decimal(peak_live_bytes);
    put_string(" heap bytes at peak, ");
    put_decimal((uint32_t)(heap_top - _sheap));
    put_string(" heap bytes handed out\n");
    // A stack that reached the end of its region may have run past it.
    semihost_exit(peak >= (uint32_t)((uintptr_t)_estack - (uintptr_t)_sstack) ? 3 : 0);
}

// A Swift trap (a failed precondition, an overflow) is an undefined
// instruction, which escalates to HardFault: report where (the stacked PC,
// to look up in firmware.map) and why (CFSR, HFSR), and fail the run.
void fault_report(uint32_t *frame) {
    put_string("\nFAILED: fault (a Swift trap or a bad access) at pc 0x");
    for (int shift = 28; shift >= 0; shift -= 4) putchar("0123456789abcdef"[(frame[6] >> shift) & 0xF]);
    put_string(", lr 0x");
    for (int shift = 28; shift >= 0; shift -= 4) putchar("0123456789abcdef"[(frame[5] >> shift) & 0xF]);
    put_string(", CFSR 0x");
    uint32_t cfsr = *(volatile uint32_t *)0xE000ED28;
    for (int shift = 28; shift >= 0; shift -= 4) putchar("0123456789abcdef"[(cfsr >> shift) & 0xF]);
    put_string("\n");
    semihost_exit(4);
}

__attribute__((naked)) void fault_handler(void) {
    __asm__ volatile("tst lr, #4\n ite eq\n mrseq r0, msp\n mrsne r0, psp\n b fault_report\n");
}

// Initial stack pointer, then the 15 system exception handlers.
__attribute__((section(".vectors"), used)) static void (*const vectors[16])(void) = {
    (void (*)(void))_estack,
    reset_handler,
    fault_handler,  // NMI
    fault_handler,  // HardFault
    fault_handler,  // MemManage
    fault_handler,  // BusFault
    fault_handler,  // UsageFault
    0, 0, 0, 0,
    fault_handler,  // SVCall
    fault_handler,  // DebugMonitor
    0,
    fault_handler,  // PendSV
    fault_handler,  // SysTick (unused)
};
