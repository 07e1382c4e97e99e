internal import CSHA256Accelerated

/// SHA-256 (FIPS 180-4), behind ``Digest`` (internal, so it never clashes with CryptoKit's `SHA256`).
///
/// Whole 64-byte blocks go through the CPU's SHA instructions where it has them (x86-64 with the SHA
/// extensions, through the small C target `CSHA256Accelerated`), through the Swift rounds below
/// everywhere else (``Digest/Compression``); both give the same digest. Feed bytes with
/// ``update(_:)`` as often as needed, then call ``finalize()`` once.
///
/// ```swift
/// var hash = SHA256()
/// hash.update(Array("ab".utf8))
/// hash.update(Array("c".utf8))
/// SHA256.hex(hash.finalize())
/// // "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", as SHA256.hexDigest(of: "abc")
/// ```
struct SHA256: Sendable {
  // The eight working words, kept out of an array so the rounds need no bounds checks.
  private var h0: UInt32 = 0x6a09_e667
  private var h1: UInt32 = 0xbb67_ae85
  private var h2: UInt32 = 0x3c6e_f372
  private var h3: UInt32 = 0xa54f_f53a
  private var h4: UInt32 = 0x510e_527f
  private var h5: UInt32 = 0x9b05_688c
  private var h6: UInt32 = 0x1f83_d9ab
  private var h7: UInt32 = 0x5be0_cd19
  private var buffer: [UInt8] = []
  private var byteCount: UInt64 = 0
  /// How this digest compresses its blocks, decided when it starts.
  let compression: Digest.Compression

  /// Starts a new digest that compresses its blocks the `compression` way (the CPU's instructions
  /// when it has them, by default).
  ///
  /// - Precondition: `compression` is `.software` or the CPU has the instructions
  ///   (``Digest/Compression/hardwareAvailable``).
  init(compression: Digest.Compression = .preferred) {
    precondition(
      compression == .software || Digest.Compression.hardwareAvailable,
      "SHA256: this CPU has no SHA instructions")
    self.compression = compression
    buffer.reserveCapacity(64)
  }

  /// Starts a new digest from the eight state words `state` instead of FIPS 180-4's initial hash
  /// value: the tests' way to see that each word reaches both compressions the same.
  init(compression: Digest.Compression, state: [UInt32]) {
    precondition(state.count == 8, "SHA256: the state is eight words")
    self.init(compression: compression)
    (h0, h1, h2, h3, h4, h5, h6, h7) = (
      state[0], state[1], state[2], state[3], state[4], state[5], state[6], state[7]
    )
  }

  /// Adds `bytes` to the message.
  ///
  /// - Complexity: O(n) in the number of bytes.
  mutating func update(_ bytes: some Sequence<UInt8>) {
    let handled: Void? = bytes.withContiguousStorageIfAvailable { update(contiguous: $0) }
    if handled == nil { update(contiguous: Array(bytes)) }
  }

  private mutating func update(contiguous bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { update(contiguous: $0) }
  }

  /// Adds `bytes` to the message: whole 64-byte blocks are compressed straight from `bytes`, the rest
  /// waits in ``buffer``.
  mutating func update(contiguous bytes: UnsafeBufferPointer<UInt8>) {
    byteCount &+= UInt64(bytes.count)
    var offset = 0
    if !buffer.isEmpty {
      let take = min(64 - buffer.count, bytes.count)
      buffer.append(contentsOf: bytes[0..<take])
      offset = take
      guard buffer.count == 64 else { return }
      buffer.withUnsafeBufferPointer { compress($0.baseAddress!, blocks: 1) }
      buffer.removeAll(keepingCapacity: true)
    }
    guard let base = bytes.baseAddress else { return }
    let blocks = (bytes.count - offset) / 64
    if blocks > 0 {
      compress(base + offset, blocks: blocks)
      offset += blocks * 64
    }
    if offset < bytes.count { buffer.append(contentsOf: bytes[offset...]) }
  }

  /// Pads the message and returns the 32-byte digest.
  mutating func finalize() -> [UInt8] {
    let bitLength = byteCount &* 8
    buffer.append(0x80)
    if buffer.count > 56 {
      while buffer.count < 64 { buffer.append(0) }
      buffer.withUnsafeBufferPointer { compress($0.baseAddress!, blocks: 1) }
      buffer.removeAll(keepingCapacity: true)
    }
    while buffer.count < 56 { buffer.append(0) }
    for shift in stride(from: 56, through: 0, by: -8) {
      buffer.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
    }
    buffer.withUnsafeBufferPointer { compress($0.baseAddress!, blocks: 1) }
    buffer.removeAll(keepingCapacity: true)
    var digest: [UInt8] = []
    digest.reserveCapacity(32)
    for word in [h0, h1, h2, h3, h4, h5, h6, h7] {
      for shift in [24, 16, 8, 0] { digest.append(UInt8(truncatingIfNeeded: word >> UInt32(shift))) }
    }
    return digest
  }

  /// The digest of `bytes`.
  static func hash(_ bytes: some Sequence<UInt8>) -> [UInt8] {
    var hasher = SHA256()
    hasher.update(bytes)
    return hasher.finalize()
  }

  /// The digest of `bytes` as 64 lower-case hexadecimal digits.
  static func hexDigest(of bytes: some Sequence<UInt8>) -> String {
    hex(hash(bytes))
  }

  /// `bytes` as lower-case hexadecimal, two digits per byte.
  static func hex(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef")
    var text = ""
    text.reserveCapacity(bytes.count * 2)
    for byte in bytes {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0x0f)])
    }
    return text
  }

  /// `blocks` 64-byte blocks from `base` into the state, the way ``compression`` says.
  private mutating func compress(_ base: UnsafePointer<UInt8>, blocks: Int) {
    switch compression {
    case .hardware: compressWithInstructions(base, blocks: blocks)
    case .software: compressInSwift(base, blocks: blocks)
    }
  }

  /// `blocks` 64-byte blocks through the CPU's SHA instructions (C, `CSHA256Accelerated`).
  private mutating func compressWithInstructions(_ base: UnsafePointer<UInt8>, blocks: Int) {
    var state = (h0, h1, h2, h3, h4, h5, h6, h7)
    Self.k.withUnsafeBufferPointer { constants in
      withUnsafeMutableBytes(of: &state) { words in
        qapass_sha256_accelerated_compress(
          words.baseAddress!.assumingMemoryBound(to: UInt32.self), base, blocks, constants.baseAddress!)
      }
    }
    (h0, h1, h2, h3, h4, h5, h6, h7) = state
  }

  /// `blocks` 64-byte blocks from `base` into the state, in Swift.
  ///
  /// The rounds run eight at a time with the working words renamed instead of shifted (as FIPS
  /// 180-4's reference implementations do), the message schedule and the round constants are read
  /// through raw pointers, and the state stays in locals from block to block.
  private mutating func compressInSwift(_ base: UnsafePointer<UInt8>, blocks: Int) {
    var (s0, s1, s2, s3, s4, s5, s6, s7) = (h0, h1, h2, h3, h4, h5, h6, h7)
    Self.k.withUnsafeBufferPointer { constants in
      let k = constants.baseAddress!
      // The message schedule lives on the stack: 64 words, no allocation, no bounds checks.
      withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
        let w = schedule.baseAddress!
        let raw = UnsafeRawPointer(base)
        for block in 0..<blocks {
          let start = block &* 64
          for i in 0..<16 {
            w[i] = UInt32(bigEndian: raw.loadUnaligned(fromByteOffset: start &+ i &* 4, as: UInt32.self))
          }
          for i in 16..<64 {
            let w15 = w[i &- 15]
            let w2 = w[i &- 2]
            let sigma0 = w15.rotatedRight(7) ^ w15.rotatedRight(18) ^ (w15 >> 3)
            let sigma1 = w2.rotatedRight(17) ^ w2.rotatedRight(19) ^ (w2 >> 10)
            w[i] = w[i &- 16] &+ sigma0 &+ w[i &- 7] &+ sigma1
          }
          var (a, b, c, d, e, f, g, h) = (s0, s1, s2, s3, s4, s5, s6, s7)
          var i = 0
          while i < 64 {
            Self.round(a, b, c, &d, e, f, g, &h, k[i] &+ w[i])
            Self.round(h, a, b, &c, d, e, f, &g, k[i &+ 1] &+ w[i &+ 1])
            Self.round(g, h, a, &b, c, d, e, &f, k[i &+ 2] &+ w[i &+ 2])
            Self.round(f, g, h, &a, b, c, d, &e, k[i &+ 3] &+ w[i &+ 3])
            Self.round(e, f, g, &h, a, b, c, &d, k[i &+ 4] &+ w[i &+ 4])
            Self.round(d, e, f, &g, h, a, b, &c, k[i &+ 5] &+ w[i &+ 5])
            Self.round(c, d, e, &f, g, h, a, &b, k[i &+ 6] &+ w[i &+ 6])
            Self.round(b, c, d, &e, f, g, h, &a, k[i &+ 7] &+ w[i &+ 7])
            i &+= 8
          }
          s0 &+= a
          s1 &+= b
          s2 &+= c
          s3 &+= d
          s4 &+= e
          s5 &+= f
          s6 &+= g
          s7 &+= h
        }
      }
    }
    (h0, h1, h2, h3, h4, h5, h6, h7) = (s0, s1, s2, s3, s4, s5, s6, s7)
  }

  /// One round: `d` and `h` take the new values of `e` and `a` (the caller renames the rest).
  @inline(__always)
  private static func round(
    _ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: inout UInt32, _ e: UInt32, _ f: UInt32, _ g: UInt32,
    _ h: inout UInt32, _ constantAndWord: UInt32
  ) {
    let sum1 = e.rotatedRight(6) ^ e.rotatedRight(11) ^ e.rotatedRight(25)
    let choice = g ^ (e & (f ^ g))
    let t1 = h &+ sum1 &+ choice &+ constantAndWord
    let sum0 = a.rotatedRight(2) ^ a.rotatedRight(13) ^ a.rotatedRight(22)
    let majority = (a & b) | (c & (a | b))
    d &+= t1
    h = t1 &+ sum0 &+ majority
  }

  /// FIPS 180-4's round constants (4.2.2), for both compressions.
  private static let k: [UInt32] = [
    0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
    0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
    0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
    0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
    0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
    0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
    0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
    0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
  ]
}

extension UInt32 {
  /// The word rotated right by `count` bits (`0 < count < 32`).
  @inline(__always)
  fileprivate func rotatedRight(_ count: UInt32) -> UInt32 { self >> count | self << (32 &- count) }
}
