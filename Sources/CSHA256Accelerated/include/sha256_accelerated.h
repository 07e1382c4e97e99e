// SHA-256 block compression with the x86 SHA extensions (SHA-NI), for the Digests module.
//
// Digests asks `qapass_sha256_accelerated_available` once and, when it says yes, hands whole 64-byte
// blocks to `qapass_sha256_accelerated_compress`; everywhere else (other CPUs, other architectures,
// arm64 Macs included) it runs its own Swift rounds. Both give the same state, block for block.
#ifndef QAPASS_SHA256_ACCELERATED_H
#define QAPASS_SHA256_ACCELERATED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Whether the running CPU has the instructions `qapass_sha256_accelerated_compress` uses (SHA, SSE4.1,
/// SSSE3). Always false when not built for x86-64.
bool qapass_sha256_accelerated_available(void);

/// Compresses `count` 64-byte blocks from `blocks` into `state` (FIPS 180-4's H0…H7, in that order),
/// with FIPS 180-4's 64 round constants K0…K63 from `round_constants` (Digests' one table of them).
/// Call it only when `qapass_sha256_accelerated_available()` is true: elsewhere it traps.
void qapass_sha256_accelerated_compress(
    uint32_t state[8], const uint8_t *blocks, size_t count, const uint32_t round_constants[64]);

#ifdef __cplusplus
}
#endif

#endif
