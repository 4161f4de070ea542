/*
 * Usage: peer FIXTURES OPERATION N. Times OPERATION on the Benchmarks
 * package's fixtures through OpenSSL's EVP API (or GMP's mpz_powm for
 * power2048), as the Benchmarks package calls them, and prints operations
 * per second: N/10 runs to warm up, then N timed by the monotonic clock.
 * Exits 1 if any run gives the wrong result, 2 on bad arguments or
 * fixtures. Operations as PrimitiveInstructions: rsa2048, rsa3072,
 * rsa4096, power2048, p256, p384, p521, ed25519, sha256-16k, sha512-16k.
 * scripts/portable-peers.sh links it once against the installed libraries
 * and once against the builds without assembly.
 */
#include <gmp.h>
#include <openssl/evp.h>
#include <openssl/rsa.h>
#include <openssl/x509.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static unsigned char *load(const char *dir, const char *name, size_t *length) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *file = fopen(path, "rb");
    if (!file) { fprintf(stderr, "peer: cannot read %s\n", path); exit(2); }
    unsigned char *bytes = NULL;
    size_t size = 0, read;
    unsigned char chunk[65536];
    while ((read = fread(chunk, 1, sizeof chunk, file)) > 0) {
        bytes = realloc(bytes, size + read);
        if (!bytes) exit(2);
        memcpy(bytes + size, chunk, read);
        size += read;
    }
    fclose(file);
    *length = size;
    return bytes;
}

static EVP_PKEY *public_key(const char *dir, const char *name) {
    size_t length;
    unsigned char *der = load(dir, name, &length);
    const unsigned char *cursor = der;
    EVP_PKEY *key = d2i_PUBKEY(NULL, &cursor, (long)length);
    if (!key) { fprintf(stderr, "peer: %s is not a public key\n", name); exit(2); }
    free(der);
    return key;
}

static struct {
    const char *operation;
    EVP_PKEY *key;
    const EVP_MD *md;
    unsigned char *signature, *message, digest[64];
    size_t signature_length, message_length, digest_length;
    mpz_t base, exponent, modulus, result, expected;
} f;

static int verify_digest(void) {
    EVP_PKEY_CTX *context = EVP_PKEY_CTX_new(f.key, NULL);
    EVP_PKEY_verify_init(context);
    if (EVP_PKEY_get_base_id(f.key) == EVP_PKEY_RSA) {
        EVP_PKEY_CTX_set_rsa_padding(context, RSA_PKCS1_PADDING);
        EVP_PKEY_CTX_set_signature_md(context, f.md);
    }
    int ok = EVP_PKEY_verify(context, f.signature, f.signature_length, f.digest, f.digest_length) == 1;
    EVP_PKEY_CTX_free(context);
    return ok;
}

static int verify_message(void) {
    EVP_MD_CTX *context = EVP_MD_CTX_new();
    EVP_DigestVerifyInit(context, NULL, NULL, NULL, f.key);
    int ok = EVP_DigestVerify(context, f.signature, f.signature_length, f.message, f.message_length) == 1;
    EVP_MD_CTX_free(context);
    return ok;
}

static unsigned char expected[64];

static int hash(void) {
    unsigned char out[64];
    unsigned int length = 0;
    EVP_Digest(f.message, f.message_length, out, &length, f.md, NULL);
    return length == f.digest_length && memcmp(out, expected, length) == 0;
}

/* Against the first result, which OpenSSL's verification checked. */
static int power(void) {
    mpz_powm(f.result, f.base, f.exponent, f.modulus);
    return mpz_cmp(f.result, f.expected) == 0;
}

int main(int argc, char **argv) {
    long runs = argc == 4 ? strtol(argv[3], NULL, 10) : 0;
    if (runs <= 0) { fprintf(stderr, "usage: peer FIXTURES OPERATION N\n"); return 2; }
    const char *dir = argv[1], *op = argv[2];
    int (*run)(void) = NULL;
    f.message = load(dir, "message.bin", &f.message_length);
    if (!strncmp(op, "rsa", 3) || !strcmp(op, "power2048")) {
        const char *bits = !strcmp(op, "power2048") ? "2048" : op + 3;
        char name[64];
        snprintf(name, sizeof name, "rsa%s.spki.der", bits);
        f.key = public_key(dir, name);
        snprintf(name, sizeof name, "rsa%s.sig", bits);
        f.signature = load(dir, name, &f.signature_length);
        f.md = EVP_sha256();
        run = verify_digest;
        if (!strcmp(op, "power2048")) {
            BIGNUM *n = NULL, *e = NULL;
            EVP_PKEY_get_bn_param(f.key, "n", &n);
            EVP_PKEY_get_bn_param(f.key, "e", &e);
            char *nh = BN_bn2hex(n), *eh = BN_bn2hex(e);
            mpz_inits(f.base, f.exponent, f.modulus, f.result, f.expected, NULL);
            mpz_set_str(f.modulus, nh, 16);
            mpz_set_str(f.exponent, eh, 16);
            mpz_import(f.base, f.signature_length, 1, 1, 0, 0, f.signature);
            mpz_powm(f.expected, f.base, f.exponent, f.modulus);
            unsigned int written = 0;
            EVP_Digest(f.message, f.message_length, f.digest, &written, f.md, NULL);
            f.digest_length = written;
            if (!verify_digest()) { fprintf(stderr, "peer: OpenSSL rejects the RSA fixture\n"); return 2; }
            run = power;
        }
    } else if (!strcmp(op, "p256") || !strcmp(op, "p384") || !strcmp(op, "p521")) {
        char name[64];
        snprintf(name, sizeof name, "%s.spki.der", op);
        f.key = public_key(dir, name);
        snprintf(name, sizeof name, "%s.sig", op);
        f.signature = load(dir, name, &f.signature_length);
        f.md = !strcmp(op, "p256") ? EVP_sha256() : !strcmp(op, "p384") ? EVP_sha384() : EVP_sha512();
        run = verify_digest;
    } else if (!strcmp(op, "ed25519")) {
        f.key = public_key(dir, "ed25519.spki.der");
        f.signature = load(dir, "ed25519.sig", &f.signature_length);
        run = verify_message;
    } else if (!strcmp(op, "sha256-16k") || !strcmp(op, "sha512-16k")) {
        free(f.message);
        f.message_length = 16384;
        f.message = malloc(f.message_length);
        memset(f.message, 0xA5, f.message_length);
        f.md = op[3] == '2' ? EVP_sha256() : EVP_sha512();
        unsigned int written = 0;
        EVP_Digest(f.message, f.message_length, expected, &written, f.md, NULL);
        f.digest_length = written;
        run = hash;
    } else {
        fprintf(stderr, "peer: unknown operation %s\n", op);
        return 2;
    }
    if (run == verify_digest) {
        unsigned int written = 0;
        EVP_Digest(f.message, f.message_length, f.digest, &written, f.md, NULL);
        f.digest_length = written;
    }
    long failures = 0;
    for (long i = 0; i < runs / 10 + 1; i++) failures += !run();
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (long i = 0; i < runs; i++) failures += !run();
    clock_gettime(CLOCK_MONOTONIC, &end);
    double seconds = (double)(end.tv_sec - start.tv_sec) + (double)(end.tv_nsec - start.tv_nsec) / 1e9;
    if (failures) { fprintf(stderr, "peer: %ld runs of %s failed\n", failures, op); return 1; }
    printf("%.0f\n", (double)runs / seconds);
    return 0;
}
