/// Content digests for qapass fingerprints: haptic patterns, plans, scenario packs.
///
/// The implementation is pure Swift (FIPS 180-4), so it builds wherever Swift does; the type behind
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
    SHA256.hexDigest(of: Array(text.utf8))
  }

  /// `sha256:` and the first `digits` hex digits of the digest of `text` (all 64 by default): the
  /// fingerprint form qapass writes.
  package static func fingerprint(of text: String, digits: Int = 64) -> String {
    "sha256:" + String(sha256Hex(of: text).prefix(digits))
  }
}
