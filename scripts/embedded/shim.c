// The few platform functions the Embedded Swift runtime needs on bare
// wasm32, for the smoke program only (not part of the library).
#include <stddef.h>
#include <stdint.h>

extern unsigned char __heap_base;
static uintptr_t heap_top = 0;

__attribute__((import_module("wasi_snapshot_preview1"), import_name("fd_write")))
int fd_write(int fd, const void *iovs, int count, int *written);
__attribute__((import_module("wasi_snapshot_preview1"), import_name("proc_exit")))
void proc_exit(int code);

// A bump allocator: the smoke program is short-lived, so free does nothing.
// It counts its allocations so that the program can check that a warm
// evaluation makes none (smoke_allocations below).
static uint32_t allocations;

int posix_memalign(void **out, size_t alignment, size_t size) {
    allocations += 1;
    if (heap_top == 0) heap_top = (uintptr_t)&__heap_base;
    if (alignment < 16) alignment = 16;
    uintptr_t start = (heap_top + alignment - 1) & ~(uintptr_t)(alignment - 1);
    uintptr_t end = start + size;
    size_t pages = __builtin_wasm_memory_size(0);
    if (end > pages * 65536) {
        size_t needed = (end - pages * 65536 + 65535) / 65536;
        if (__builtin_wasm_memory_grow(0, needed) == (size_t)-1) return 12;
    }
    heap_top = end;
    *out = (void *)start;
    return 0;
}
void free(void *pointer) { (void)pointer; }

// Exported to Swift (through @_extern) because the count lives here, in
// the allocator the runtime calls, out of the program's sight.
uint32_t smoke_allocations(void) { return allocations; }

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

int putchar(int c) {
    unsigned char byte = (unsigned char)c;
    struct { const void *base; size_t length; } iov = { &byte, 1 };
    int written;
    fd_write(1, &iov, 1, &written);
    return c;
}

// Swift code that ran out of options (a trap) ends up here.
void abort(void) { proc_exit(134); __builtin_unreachable(); }
// Stack protector: modules built by SwiftPM keep their canaries.
uintptr_t __stack_chk_guard = 0x2f8a61c3u;
void __stack_chk_fail(void) { abort(); }
void arc4random_buf(void *buffer, size_t size) { memset(buffer, 0x5A, size); }

// 128-bit multiply from compiler-rt, which this toolchain does not ship for
// wasm32: overflow-checked Int64 arithmetic and multipliedFullWidth lower to it.
typedef union { __int128 all; struct { unsigned long long low, high; } s; } twords;
__int128 __multi3(__int128 a, __int128 b) {
    twords x = { a }, y = { b }, r;
    unsigned long long a0 = x.s.low & 0xffffffffu, a1 = x.s.low >> 32;
    unsigned long long b0 = y.s.low & 0xffffffffu, b1 = y.s.low >> 32;
    unsigned long long p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    unsigned long long mid = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);
    r.s.low = (p00 & 0xffffffffu) | (mid << 32);
    r.s.high = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32) + x.s.high * y.s.low + x.s.low * y.s.high;
    return r.all;
}

extern void swift_main(void);
void _start(void) { swift_main(); proc_exit(0); }
