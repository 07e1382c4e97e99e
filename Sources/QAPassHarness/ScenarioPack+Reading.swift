import Digests
import Dispatch

extension ScenarioPack {
  /// Reads a pack file as ``fileContents()`` writes it, one item at a time, without Foundation's JSON
  /// coders: the fast path of ``loadVerified(_:)`` and ``PackRunner/run(packFile:subject:)``.
  ///
  /// The fingerprint is checked over the file's own bytes, on a second thread while the items are
  /// read: every byte but the line feeds and the `fingerprint` member (with its comma). Compact JSON
  /// has no line feed of its own (a string's is escaped), so for a file as export wrote it these
  /// bytes are the canonical JSON the fingerprint was computed over. Anything else (another layout
  /// or key order, escapes or numbers written another way, an unknown member, a value of the wrong
  /// type, a fingerprint that does not match these bytes) returns `nil`, and the caller reads the
  /// file with `JSONDecoder` and encodes the pack again to check it, as before: such a file gets the
  /// same pack, the same fingerprint or the same error either way.
  ///
  /// - Parameters:
  ///   - bytes: The file.
  ///   - item: Called with each item, in file order, as soon as it is read; what it did counts only
  ///     when the pack is returned.
  /// - Returns: The pack without its items, and its fingerprint; `nil` when the file is left to
  ///   `JSONDecoder`.
  static func read(_ bytes: UnsafeBufferPointer<UInt8>, item: (PackItem) -> Void) -> (
    pack: ScenarioPack, fingerprint: String
  )? {
    var tape = JSONTape()
    let memo = JSONTapeDecoder.Memo()
    var digest: Digesting?
    // The digest thread reads `bytes`: it is waited for on every way out.
    defer { digest?.wait() }
    var index = JSONTape.skipSpace(bytes, from: 0)
    guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return nil }
    index += 1
    var members: Set<String> = []
    var header = Header()
    var fingerprintMember: Range<Int>?
    while true {
      let keyStart = JSONTape.skipSpace(bytes, from: index)
      guard keyStart < bytes.count, bytes[keyStart] == UInt8(ascii: "\""),
        let keyEnd = tape.parse(bytes, from: keyStart), let name = tape.entries.first,
        name.kind == .string
      else { return nil }
      let key = JSONTape.string(name, in: bytes)
      guard members.insert(key).inserted else { return nil }
      index = JSONTape.skipSpace(bytes, from: keyEnd)
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
      let valueStart = JSONTape.skipSpace(bytes, from: index + 1)
      if key == "items" {
        // Export writes the fingerprint before the items (keys sorted).
        guard let fingerprintMember else { return nil }
        digest = Digesting(bytes, leavingOut: fingerprintMember)
        guard let end = readItems(bytes, from: valueStart, tape: &tape, memo: memo, item) else { return nil }
        index = end
      } else {
        guard let end = tape.parse(bytes, from: valueStart), header.take(key, tape: tape, bytes: bytes) else {
          return nil
        }
        index = end
      }
      index = JSONTape.skipSpace(bytes, from: index)
      guard index < bytes.count else { return nil }
      index += 1
      if bytes[index - 1] == UInt8(ascii: "}") { break }
      guard bytes[index - 1] == UInt8(ascii: ",") else { return nil }
      // The member left out of the digest ends with its comma.
      if key == "fingerprint" { fingerprintMember = keyStart..<index }
    }
    guard JSONTape.skipSpace(bytes, from: index) == bytes.count, let digest, let pack = header.pack(),
      let recorded = header.fingerprint, recorded == "sha256:" + digest.hex()
    else { return nil }
    return (pack, recorded)
  }

  /// The `items` array at `offset`: each item decoded and handed to `item`.
  ///
  /// - Returns: The offset after the array, or `nil`.
  private static func readItems(
    _ bytes: UnsafeBufferPointer<UInt8>, from offset: Int, tape: inout JSONTape, memo: JSONTapeDecoder.Memo,
    _ item: (PackItem) -> Void
  ) -> Int? {
    guard offset < bytes.count, bytes[offset] == UInt8(ascii: "[") else { return nil }
    var index = JSONTape.skipSpace(bytes, from: offset + 1)
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") { return index + 1 }
    while true {
      guard let end = tape.parse(bytes, from: index),
        let decoded = try? JSONTapeDecoder.decode(
          PackItem.self, entries: tape.entries, bytes: bytes, memo: memo)
      else { return nil }
      item(decoded)
      index = JSONTape.skipSpace(bytes, from: end)
      guard index < bytes.count else { return nil }
      index += 1
      if bytes[index - 1] == UInt8(ascii: "]") { break }
      guard bytes[index - 1] == UInt8(ascii: ",") else { return nil }
    }
    return index
  }

  /// The SHA-256 of a file's bytes but its line feeds and one range, taken on a second thread.
  private final class Digesting: @unchecked Sendable {
    private let done = DispatchGroup()
    private var digest = Digest.Stream()

    /// Starts digesting `bytes`, which must stay valid until ``wait()`` returns.
    init(_ bytes: UnsafeBufferPointer<UInt8>, leavingOut left: Range<Int>) {
      nonisolated(unsafe) let bytes = bytes
      DispatchQueue.global(qos: .userInitiated).async(group: done) { [self] in
        for part in [0..<left.lowerBound, left.upperBound..<bytes.count] {
          var start = part.lowerBound
          while start < part.upperBound {
            let end = bytes[start..<part.upperBound].firstIndex(of: UInt8(ascii: "\n")) ?? part.upperBound
            digest.append(UnsafeBufferPointer(rebasing: bytes[start..<end]))
            start = end + 1
          }
        }
      }
    }

    /// Waits until the digest is taken.
    func wait() { done.wait() }

    /// The digest as 64 hex digits, once taken.
    func hex() -> String {
      wait()
      return digest.hex()
    }
  }

  /// The members of a pack file besides its items, as read.
  private struct Header {
    var fingerprint: String?
    var format: String?
    var generator: String?
    var matrixName: String?
    var matrixPath: String?
    var build: String?
    var planFingerprint: String?
    var unexported: [UnexportedItem]?

    /// Takes the member `key` from the value on `tape`; false for a member a pack does not have, a
    /// value of another type, or a format this version does not read (left to `JSONDecoder`, which
    /// says so).
    mutating func take(_ key: String, tape: JSONTape, bytes: UnsafeBufferPointer<UInt8>) -> Bool {
      func string() -> String? {
        try? JSONTapeDecoder.decode(String.self, entries: tape.entries, bytes: bytes)
      }
      switch key {
      case "fingerprint": fingerprint = string()
      case "format":
        format = string()
        return format == ScenarioPack.currentFormat
      case "generator": generator = string()
      case "matrixName": matrixName = string()
      case "matrixPath": matrixPath = string()
      case "planFingerprint": planFingerprint = string()
      case "build":
        // `null` decodes as no build, but export never writes it: the digest then differs.
        guard tape.entries.first?.kind != .null else { return true }
        build = string()
        return build != nil
      case "unexported":
        unexported = try? JSONTapeDecoder.decode([UnexportedItem].self, entries: tape.entries, bytes: bytes)
        return unexported != nil
      default: return false
      }
      return true
    }

    /// The pack without items, when every member it needs was there.
    func pack() -> ScenarioPack? {
      guard fingerprint != nil, format != nil, let generator, let matrixName, let matrixPath,
        let planFingerprint,
        let unexported
      else { return nil }
      return ScenarioPack(
        generator: generator, matrixName: matrixName, matrixPath: matrixPath, build: build,
        planFingerprint: planFingerprint, items: [], unexported: unexported)
    }
  }
}
