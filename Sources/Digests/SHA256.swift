/// SHA-256 (FIPS 180-4) in pure Swift, behind ``Digest`` (internal, so it never clashes with CryptoKit's `SHA256`).
///
/// Feed bytes with ``update(_:)`` as often as needed, then call ``finalize()`` once.
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

  /// Starts a new digest.
  init() {
    buffer.reserveCapacity(64)
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
      buffer.withUnsafeBufferPointer { compress($0.baseAddress!) }
      buffer.removeAll(keepingCapacity: true)
    }
    guard let base = bytes.baseAddress else { return }
    while bytes.count - offset >= 64 {
      compress(base + offset)
      offset += 64
    }
    buffer.append(contentsOf: bytes[offset...])
  }

  /// Pads the message and returns the 32-byte digest.
  mutating func finalize() -> [UInt8] {
    let bitLength = byteCount &* 8
    buffer.append(0x80)
    if buffer.count > 56 {
      while buffer.count < 64 { buffer.append(0) }
      buffer.withUnsafeBufferPointer { compress($0.baseAddress!) }
      buffer.removeAll(keepingCapacity: true)
    }
    while buffer.count < 56 { buffer.append(0) }
    for shift in stride(from: 56, through: 0, by: -8) {
      buffer.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
    }
    buffer.withUnsafeBufferPointer { compress($0.baseAddress!) }
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

  /// One 64-byte block at `block` into the state.
  private mutating func compress(_ block: UnsafePointer<UInt8>) {
    // The message schedule lives on the stack: 64 words, no allocation, no bounds checks.
    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
      for i in 0..<16 {
        let j = i &* 4
        w[i] =
          UInt32(block[j]) << 24 | UInt32(block[j &+ 1]) << 16 | UInt32(block[j &+ 2]) << 8
          | UInt32(block[j &+ 3])
      }
      for i in 16..<64 {
        let w15 = w[i &- 15]
        let w2 = w[i &- 2]
        let s0 = (w15 >> 7 | w15 << 25) ^ (w15 >> 18 | w15 << 14) ^ (w15 >> 3)
        let s1 = (w2 >> 17 | w2 << 15) ^ (w2 >> 19 | w2 << 13) ^ (w2 >> 10)
        w[i] = w[i &- 16] &+ s0 &+ w[i &- 7] &+ s1
      }
      var a = h0
      var b = h1
      var c = h2
      var d = h3
      var e = h4
      var f = h5
      var g = h6
      var h = h7
      Self.k.withUnsafeBufferPointer { k in
        for i in 0..<64 {
          let s1 = (e >> 6 | e << 26) ^ (e >> 11 | e << 21) ^ (e >> 25 | e << 7)
          let choice = (e & f) ^ (~e & g)
          let t1 = h &+ s1 &+ choice &+ k[i] &+ w[i]
          let s0 = (a >> 2 | a << 30) ^ (a >> 13 | a << 19) ^ (a >> 22 | a << 10)
          let majority = (a & b) ^ (a & c) ^ (b & c)
          let t2 = s0 &+ majority
          h = g
          g = f
          f = e
          e = d &+ t1
          d = c
          c = b
          b = a
          a = t1 &+ t2
        }
      }
      h0 &+= a
      h1 &+= b
      h2 &+= c
      h3 &+= d
      h4 &+= e
      h5 &+= f
      h6 &+= g
      h7 &+= h
    }
  }

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
