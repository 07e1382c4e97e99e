import Testing

@testable import Digests

/// FIPS 180-4 / NIST test vectors, through each way of compressing blocks this CPU has (the Swift
/// rounds always; the SHA instructions where ``CPUFlags`` says so, which `SHA256CompressionTests` checks).
struct SHA256Tests {
  static let compressions: [Digest.Compression] =
    Digest.Compression.hardwareAvailable ? [.software, .hardware] : [.software]

  struct Vector: Sendable, CustomTestStringConvertible {
    var message: String
    var digest: String
    var testDescription: String { message.isEmpty ? "empty" : String(message.prefix(16)) }
  }

  static let vectors: [Vector] = [
    .init(message: "", digest: "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    .init(message: "abc", digest: "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
    .init(
      message: "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
      digest: "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    .init(
      message:
        "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
      digest: "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"),
    .init(
      message: "The quick brown fox jumps over the lazy dog",
      digest: "d7a8fbb307d7809469ca9abcb0082e4f8d5651e46d3cdb762d02d0bf37c9e592"),
  ]

  @Test(arguments: vectors, compressions)
  func `standard vectors`(vector: Vector, compression: Digest.Compression) {
    var hasher = SHA256(compression: compression)
    hasher.update(Array(vector.message.utf8))
    #expect(SHA256.hex(hasher.finalize()) == vector.digest)
  }

  @Test(arguments: compressions)
  func `one million a`(compression: Digest.Compression) {
    var hasher = SHA256(compression: compression)
    let chunk = [UInt8](repeating: 0x61, count: 1000)
    for _ in 0..<1000 { hasher.update(chunk) }
    #expect(
      SHA256.hex(hasher.finalize()) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  @Test func `padding boundaries and incremental updates agree with one-shot hashing`() {
    // 55, 56 and 64 bytes straddle the one-block/two-block padding boundary.
    #expect(
      SHA256.hexDigest(of: [UInt8](repeating: 0x61, count: 55))
        == "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318")
    #expect(
      SHA256.hexDigest(of: [UInt8](repeating: 0x61, count: 56))
        == "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a")
    #expect(
      SHA256.hexDigest(of: [UInt8](repeating: 0x61, count: 64))
        == "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb")
    let bytes = Array("刘䶮 𠮷野家 阿沛·阿旺晋美".utf8)
    var hasher = SHA256()
    for byte in bytes { hasher.update([byte]) }
    #expect(hasher.finalize() == SHA256.hash(bytes))
  }
}
