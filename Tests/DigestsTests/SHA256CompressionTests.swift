import Foundation
import TestSupport
import Testing

@testable import Digests

/// The two ways of compressing SHA-256 blocks (the CPU's SHA instructions, the Swift rounds): the
/// instructions are taken where the CPU has them, and both give Python's `hashlib` digests (an oracle
/// that shares no code with qapass) on random messages fed in random pieces.
struct SHA256CompressionTests {
  @Test(
    .enabled(
      if: CPUFlags.current?.hasSHAInstructions == true,
      "/proc/cpuinfo lists no sha_ni (with sse4_1 and ssse3): this CPU takes the Swift rounds"))
  func `a CPU with the SHA extensions compresses with them`() {
    #expect(Digest.Compression.hardwareAvailable)
    #expect(Digest.Compression.preferred == .hardware)
    #expect(SHA256().compression == .hardware)
  }

  @Test(
    .enabled(
      if: CPUFlags.current.map { !$0.hasSHAInstructions } == true,
      "only where /proc/cpuinfo lists no SHA extensions (this CPU has them, or there is no /proc/cpuinfo)"))
  func `a CPU without the SHA extensions compresses in Swift`() {
    #expect(!Digest.Compression.hardwareAvailable)
    #expect(SHA256().compression == .software)
  }

  /// FIPS 180-4's digest of "abc" (appendix B.1).
  static let abc = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"

  @Test func `the software way can always be chosen`() {
    #expect(SHA256(compression: .software).compression == .software)
    var stream = Digest.Stream(compression: .software)
    stream.append("abc")
    #expect(stream.hex() == Self.abc)
  }

  /// Negative control: one flipped bit in any of the eight state words changes the digest, and both ways
  /// carry it into the same wrong digest (so each word reaches the instructions in its place).
  @Test(arguments: 0..<8)
  func `a corrupted state word changes the digest the same way on both paths`(word: Int) {
    let initial: [UInt32] = [
      0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
    ]
    var corrupted = initial
    corrupted[word] ^= 1 << UInt32(3 * word + 1)
    let message = Array("abc".utf8)
    var digests: [String] = []
    for compression in SHA256Tests.compressions {
      var honest = SHA256(compression: compression, state: initial)
      honest.update(message)
      #expect(SHA256.hex(honest.finalize()) == Self.abc)
      var hasher = SHA256(compression: compression, state: corrupted)
      hasher.update(message)
      let digest = SHA256.hex(hasher.finalize())
      #expect(digest != Self.abc, "\(compression)")
      digests.append(digest)
    }
    #expect(Set(digests).count == 1, "the two ways disagree: \(digests)")
  }

  /// Lengths 0 to 300 bytes (every padding case, one to six blocks) and a few large ones.
  static let lengths = Array(0...300) + [4_096, 65_537, 1_000_003]

  @Test(.enabled(if: PythonOracles.available, PythonOracles.skipReason))
  func `both ways give hashlib's digests on random messages fed in random pieces`() throws {
    var random = Generator(seed: 0x5348_4132_3536)
    let messages = Self.lengths.map { length in
      (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next() >> 56) }
    }
    let expected = try Self.hashlib(messages)
    try #require(expected.count == messages.count)
    for compression in SHA256Tests.compressions {
      for (message, digest) in zip(messages, expected) {
        var hasher = SHA256(compression: compression)
        var offset = 0
        while offset < message.count {
          // Pieces of 0 to 150 bytes, so a piece may fill the buffer, skip it or hold whole blocks.
          let piece = min(Int(random.next() % 151), message.count - offset)
          hasher.update(message[offset..<offset + piece])
          offset += piece
        }
        let actual = SHA256.hex(hasher.finalize())
        #expect(actual == digest, "\(compression), \(message.count) bytes")
      }
    }
  }

  /// The digests Python's `hashlib` gives `messages`, sent on its standard input one after another.
  static func hashlib(_ messages: [[UInt8]]) throws -> [String] {
    let script = """
      import hashlib, sys
      data = sys.stdin.buffer.read()
      offset = 0
      for length in map(int, sys.argv[1:]):
          print(hashlib.sha256(data[offset:offset + length]).hexdigest())
          offset += length
      assert offset == len(data), (offset, len(data))
      """
    let result = try PythonOracles.run(
      script, messages.map { String($0.count) }, input: Data(messages.joined()))
    try #require(result.status == 0, "\(result.output)")
    return result.output.split(separator: "\n").map(String.init)
  }

  /// Knuth's MMIX linear congruential generator: the same random messages on every run and platform.
  struct Generator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state
    }
  }
}

/// The CPU flags `/proc/cpuinfo` lists for its first processor (`flags` on x86, `Features` on ARM).
struct CPUFlags {
  var flags: Set<Substring>

  /// This machine's, or nil where there is no `/proc/cpuinfo` (Apple platforms).
  static let current: CPUFlags? = {
    guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return nil }
    let line = text.split(separator: "\n").first {
      $0.hasPrefix("flags") || $0.hasPrefix("Features")
    }
    let words = line?.split(separator: ":", maxSplits: 1).last?.split(separator: " ") ?? []
    return CPUFlags(flags: Set(words))
  }()

  /// Whether the flags include the SHA extensions and the SSE levels the hardware compression uses.
  var hasSHAInstructions: Bool { flags.isSuperset(of: ["sha_ni", "sse4_1", "ssse3"]) }
}
