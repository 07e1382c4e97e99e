internal import CSHA256Accelerated

/// Content digests for qapass fingerprints: haptic patterns, plans, scenario packs.
///
/// The implementation is FIPS 180-4 in Swift, with the block compression through the CPU's SHA
/// instructions where it has them (``Compression``): it builds wherever Swift does, and the type behind
/// it is internal, so importing this module next to CryptoKit causes no `SHA256` name clash.
///
/// ```swift
/// Digest.sha256Hex(of: "abc")
/// // "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
/// ```
package enum Digest {
  /// The SHA-256 digest of `bytes`, as 64 lowercase hex digits.
  ///
  /// - Complexity: O(n) in the number of bytes.
  package static func sha256Hex(of bytes: some Sequence<UInt8>) -> String {
    SHA256.hexDigest(of: bytes)
  }

  /// The SHA-256 digest of `text`'s UTF-8 bytes, as 64 lowercase hex digits.
  package static func sha256Hex(of text: String) -> String {
    SHA256.hexDigest(of: text.utf8)
  }

  /// The 64-bit FNV-1a hash of `bytes`, continued from `seed` (the hash of the bytes before them; the
  /// FNV offset basis by default): a cheap check that a file or a set of attributes is unchanged, not
  /// a fingerprint (anyone can make two inputs with one hash).
  ///
  /// ```swift
  /// Digest.fnv1a64(Array("ab".utf8))                                 // 0x089c4407b545986a
  /// Digest.fnv1a64(Array("b".utf8), from: Digest.fnv1a64(Array("a".utf8)))  // the same
  /// ```
  package static func fnv1a64(_ bytes: some Sequence<UInt8>, from seed: UInt64 = 0xcbf2_9ce4_8422_2325)
    -> UInt64
  {
    var hash = seed
    for byte in bytes {
      hash ^= UInt64(byte)
      hash &*= 0x0000_0100_0000_01b3
    }
    return hash
  }

  /// `sha256:` and the first `digits` hex digits of the digest of `text` (all 64 by default): the
  /// fingerprint form qapass writes.
  package static func fingerprint(of text: String, digits: Int = 64) -> String {
    "sha256:" + String(sha256Hex(of: text).prefix(digits))
  }

  /// A SHA-256 digest taken piece by piece, so a long canonical text need never be built whole.
  ///
  /// ```swift
  /// var digest = Digest.Stream()
  /// digest.append("ab")
  /// digest.append("c")
  /// digest.hex()   // the same as Digest.sha256Hex(of: "abc")
  /// ```
  package struct Stream: Sendable {
    private var hasher: SHA256

    /// Starts an empty digest that compresses the `compression` way (the CPU's instructions when it
    /// has them, by default).
    ///
    /// - Precondition: `compression` is `.software` or ``Compression/hardwareAvailable``.
    package init(compression: Compression = .preferred) { hasher = SHA256(compression: compression) }

    /// Adds `text`'s UTF-8 bytes.
    package mutating func append(_ text: String) { hasher.update(text.utf8) }

    /// Adds `text`'s UTF-8 bytes.
    package mutating func append(_ text: Substring) { hasher.update(text.utf8) }

    /// Adds `bytes`.
    package mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) { hasher.update(contiguous: bytes) }

    /// The digest of everything added, as 64 lowercase hex digits; the stream is spent.
    package mutating func hex() -> String { SHA256.hex(hasher.finalize()) }
  }

  /// How SHA-256 compresses its 64-byte blocks. Both ways give the same digest; ``preferred`` is decided
  /// once, at first use.
  ///
  /// ```swift
  /// var software = Digest.Stream(compression: .software)
  /// software.append("abc")
  /// software.hex()   // the same as Digest.sha256Hex(of: "abc"), whichever way that went
  /// ```
  package enum Compression: Sendable, Equatable {
    /// FIPS 180-4's rounds in Swift: every CPU.
    case software
    /// The CPU's SHA instructions (x86-64's SHA extensions), where ``hardwareAvailable`` says so.
    case hardware

    /// Whether the running CPU has the SHA instructions the hardware way needs (always false but on
    /// x86-64).
    package static let hardwareAvailable: Bool = qapass_sha256_accelerated_available()

    /// The hardware way where the CPU has it, else the Swift one.
    package static let preferred: Compression = hardwareAvailable ? .hardware : .software
  }
}
