/// A screenshot or screen recording `record --attach` stores: its type, told by its first bytes (never
/// by its name), and the size limit of that type.
///
/// Stored under `observations/evidence/<sha256>.<ext>`: named by its content, so attaching the same
/// file twice stores it once, and a stored file that changed no longer matches its name.
///
/// ```swift
/// let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
/// EvidenceFile.Kind.detect(png)  // .png
/// ```
package enum EvidenceFile {
  /// The types qapass stores.
  package enum Kind: String, CaseIterable, Sendable {
    case png, jpeg, heic, mov, mp4

    /// The extension of the stored file.
    package var fileExtension: String { self == .jpeg ? "jpg" : rawValue }

    /// Whether it is a picture (else a video).
    package var isImage: Bool { [.png, .jpeg, .heic].contains(self) }

    /// The largest file of this type stored: 10 MiB for a picture, 100 MiB for a video.
    package var limit: Int { isImage ? EvidenceFile.imageLimit : EvidenceFile.videoLimit }

    /// `PNG`, `MP4`, as messages name them.
    package var name: String { rawValue.uppercased() }

    /// The type of `head` (at least the first 12 bytes of a file), or `nil` for any other.
    package static func detect(_ head: some Collection<UInt8>) -> Kind? {
      let bytes = Array(head.prefix(12))
      if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
      if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
      guard bytes.count >= 12 else { return nil }
      let box = String(decoding: bytes[4..<8], as: UTF8.self)
      let brand = String(decoding: bytes[8..<12], as: UTF8.self)
      if box == "ftyp" {
        if ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"].contains(brand) { return .heic }
        if brand == "qt  " { return .mov }
        if ["isom", "iso2", "iso3", "iso4", "iso5", "iso6", "mp41", "mp42", "avc1", "M4V ", "dash"].contains(
          brand)
        {
          return .mp4
        }
        return nil
      }
      // QuickTime files older than the ftyp box open with their movie, media data or padding atom.
      if ["moov", "mdat", "wide"].contains(box) { return .mov }
      return nil
    }
  }

  /// The largest picture stored (10 MiB).
  package static let imageLimit = 10 << 20
  /// The largest video stored (100 MiB).
  package static let videoLimit = 100 << 20

  /// The types, as messages list them: `PNG, JPEG, HEIC, MOV and MP4`.
  static let listed = "PNG, JPEG, HEIC (pictures, up to 10 MiB), MOV and MP4 (videos, up to 100 MiB)"

  /// Whether `name` is a stored file's name, `<64 lower-case hex digits>.<ext>` with an extension qapass
  /// writes; returns the digest.
  static func digest(ofStoredName name: String) -> String? {
    let parts = name.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 2, parts[0].count == 64,
      parts[0].allSatisfy({ $0.isHexDigit && !$0.isUppercase }),
      Kind.allCases.contains(where: { $0.fileExtension == parts[1] })
    else { return nil }
    return String(parts[0])
  }
}
