internal import CAnthy

/// An Anthy conversion context in UTF-8 mode; create, use and drop it only inside
/// `NativeInputRuntime.run(_:)`, after `Session.ensureAnthy()`.
///
/// Owns the `anthy_context_t` and releases it in `deinit`. It never calls `anthy_commit_segment`:
/// committing is the caller's business, and Anthy's learning record stays untouched, so the same
/// reading always converts the same way.
final class AnthyConverter {
  /// One segment (文節) of a conversion.
  struct Segment: Hashable {
    /// The hiragana this segment covers.
    var reading: String
    /// Anthy's candidates, best first; never empty (falls back to the reading).
    var candidates: [String]
  }

  private let context: OpaquePointer

  init?() {
    guard let context = anthy_create_context() else { return nil }
    anthy_context_set_encoding(context, ANTHY_UTF8_ENCODING)
    self.context = context
  }

  deinit {
    anthy_release_context(context)
  }

  /// Converts `reading` (hiragana) with `anthy_set_string` and reads every segment's candidates.
  func convert(_ reading: String) -> [Segment] {
    guard anthy_set_string(context, reading) == 0 else { return [] }
    var conversion = anthy_conv_stat()
    guard anthy_get_stat(context, &conversion) == 0 else { return [] }
    var segments: [Segment] = []
    for index in 0..<max(0, conversion.nr_segment) {
      var stat = anthy_segment_stat()
      guard anthy_get_segment_stat(context, index, &stat) == 0 else { continue }
      let segmentReading = text(segment: index, candidate: NTH_UNCONVERTED_CANDIDATE) ?? ""
      var candidates = (0..<max(0, stat.nr_candidate)).compactMap { text(segment: index, candidate: $0) }
      if candidates.isEmpty { candidates = [segmentReading] }
      segments.append(Segment(reading: segmentReading, candidates: candidates))
    }
    return segments
  }

  /// One candidate (or, with a negative index, Anthy's reading/kana forms) as UTF-8 text.
  private func text(segment: Int32, candidate: Int32) -> String? {
    // With a null buffer, anthy_get_segment returns the length the text needs.
    let length = anthy_get_segment(context, segment, candidate, nil, 0)
    guard length >= 0 else { return nil }
    var buffer = [CChar](repeating: 0, count: Int(length) + 1)
    let written = buffer.withUnsafeMutableBufferPointer {
      anthy_get_segment(context, segment, candidate, $0.baseAddress, Int32($0.count))
    }
    guard written >= 0 else { return nil }
    return String(decoding: buffer.prefix(Int(written)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
