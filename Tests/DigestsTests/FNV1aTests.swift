import Testing

@testable import Digests

/// FNV-1a (64-bit) against the test vectors of the FNV reference (draft-eastlake-fnv, isthe.com/chongo/tech/comp/fnv).
struct FNV1aTests {
  @Test func `the reference vectors`() {
    #expect(Digest.fnv1a64([]) == 0xcbf2_9ce4_8422_2325)
    #expect(Digest.fnv1a64(Array("a".utf8)) == 0xaf63_dc4c_8601_ec8c)
    #expect(Digest.fnv1a64(Array("foobar".utf8)) == 0x8594_4171_f739_67e8)
  }

  @Test func `a hash continued from the hash of the bytes before is the hash of them all`() {
    #expect(
      Digest.fnv1a64(Array("bar".utf8), from: Digest.fnv1a64(Array("foo".utf8))) == 0x8594_4171_f739_67e8)
  }
}
