// SHA-256 block compression with the x86 SHA extensions; see include/sha256_accelerated.h.
//
// The instructions work on the state packed in two registers, ABEF and CDGH (word A in the high lane):
// `sha256rnds2` runs two rounds, `sha256msg1` and `sha256msg2` compute the message schedule four words
// at a time. The layout and the round structure follow Intel's "Intel SHA Extensions" white paper
// (2013). The functions that use the instructions are compiled for them alone (`target` attribute), so
// the rest of the package keeps the baseline x86-64 instruction set and asks the CPU first.
#include "sha256_accelerated.h"

#if defined(__x86_64__)

#include <cpuid.h>
#include <immintrin.h>

bool qapass_sha256_accelerated_available(void) {
  unsigned int eax, ebx, ecx, edx;
  if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return false;
  bool sse41 = (ecx >> 19) & 1;
  bool ssse3 = (ecx >> 9) & 1;
  // Leaf 7 exists only when leaf 0 says so; __get_cpuid_count checks that.
  if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) return false;
  bool sha = (ebx >> 29) & 1;
  return sha && sse41 && ssse3;
}

__attribute__((target("sha,sse4.1,ssse3")))
void qapass_sha256_accelerated_compress(
    uint32_t state[8], const uint8_t *blocks, size_t count, const uint32_t round_constants[64]) {
  // Reverses the bytes of each 32-bit word: the message is big-endian.
  const __m128i byte_swap = _mm_set_epi64x(0x0c0d0e0f08090a0bULL, 0x0405060700010203ULL);

  // state[0..3] = A B C D and state[4..7] = E F G H, low lane first, into ABEF and CDGH.
  __m128i dcba = _mm_loadu_si128((const __m128i *)&state[0]);
  __m128i hgfe = _mm_loadu_si128((const __m128i *)&state[4]);
  __m128i cdab = _mm_shuffle_epi32(dcba, 0xb1);
  __m128i efgh = _mm_shuffle_epi32(hgfe, 0x1b);
  __m128i abef = _mm_alignr_epi8(cdab, efgh, 8);
  __m128i cdgh = _mm_blend_epi16(efgh, cdab, 0xf0);

  for (size_t block = 0; block < count; block++, blocks += 64) {
    const __m128i abef_before = abef;
    const __m128i cdgh_before = cdgh;
    // The last four groups of four schedule words, group g in w[g % 4]. Unrolled whole, w lives in
    // registers (as a loop it stayed in memory, at three quarters of the speed).
    __m128i w[4];
#pragma clang loop unroll(full)
    for (int g = 0; g < 16; g++) {
      if (g < 4) {
        w[g] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(blocks + 16 * g)), byte_swap);
      } else {
        // W[g] = msg2(msg1(W[g-4], W[g-3]) + alignr(W[g-1], W[g-2], 4), W[g-1]): W[t-16] + σ0(W[t-15]),
        // plus W[t-7], plus σ1(W[t-2]).
        __m128i previous = w[(g + 3) % 4];
        __m128i t7 = _mm_alignr_epi8(previous, w[(g + 2) % 4], 4);
        __m128i partial = _mm_add_epi32(_mm_sha256msg1_epu32(w[g % 4], w[(g + 1) % 4]), t7);
        w[g % 4] = _mm_sha256msg2_epu32(partial, previous);
      }
      // Four rounds: two with the low half of W+K, two with the high half.
      __m128i message = _mm_add_epi32(w[g % 4], _mm_loadu_si128((const __m128i *)&round_constants[4 * g]));
      cdgh = _mm_sha256rnds2_epu32(cdgh, abef, message);
      abef = _mm_sha256rnds2_epu32(abef, cdgh, _mm_shuffle_epi32(message, 0x0e));
    }
    abef = _mm_add_epi32(abef, abef_before);
    cdgh = _mm_add_epi32(cdgh, cdgh_before);
  }

  // Back from ABEF and CDGH to A…H.
  __m128i feba = _mm_shuffle_epi32(abef, 0x1b);
  __m128i dchg = _mm_shuffle_epi32(cdgh, 0xb1);
  _mm_storeu_si128((__m128i *)&state[0], _mm_blend_epi16(feba, dchg, 0xf0));
  _mm_storeu_si128((__m128i *)&state[4], _mm_alignr_epi8(dchg, feba, 8));
}

#else

bool qapass_sha256_accelerated_available(void) { return false; }

void qapass_sha256_accelerated_compress(
    uint32_t state[8], const uint8_t *blocks, size_t count, const uint32_t round_constants[64]) {
  (void)state;
  (void)blocks;
  (void)count;
  (void)round_constants;
  __builtin_trap();  // Never called: the Swift rounds run wherever the check above says no.
}

#endif
