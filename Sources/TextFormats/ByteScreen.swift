/// A set of UTF-8 bytes, for finding out quickly whether a text holds any of them: the bytes that can
/// start or be part of what an escape changes, so text without them is copied as it is.
///
/// ```swift
/// let markup = ByteScreen(controls: true, ascii: "&<>")
/// markup.matches("a < b")   // true
/// markup.matches("王小明")    // false
/// ```
package struct ByteScreen: Sendable {
  /// One flag per byte value.
  private let flags: [Bool]

  /// The screen of C0 controls (bytes below 0x20) when `controls` is set, the ASCII characters of
  /// `ascii`, and the bytes of `bytes` (lead bytes of longer scalars, DEL).
  package init(controls: Bool, ascii: String, bytes: [UInt8] = []) {
    var flags = [Bool](repeating: false, count: 256)
    if controls { for byte in 0..<0x20 { flags[byte] = true } }
    for byte in ascii.utf8 { flags[Int(byte)] = true }
    for byte in bytes { flags[Int(byte)] = true }
    self.flags = flags
  }

  /// Whether any UTF-8 byte of `text` is in the set.
  ///
  /// - Complexity: O(*n*) in the number of bytes of `text`.
  package func matches(_ text: String) -> Bool {
    let found = text.utf8.withContiguousStorageIfAvailable { bytes in
      flags.withUnsafeBufferPointer { flags in bytes.contains { flags[Int($0)] } }
    }
    return found ?? text.utf8.contains { flags[Int($0)] }
  }
}
