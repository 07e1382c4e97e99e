internal import CM17N

/// An m17n-lib input context; create, use and drop it only inside `NativeInputRuntime.run(_:)`.
///
/// Owns the `MInputContext` and destroys it in `deinit`. Each `press(_:)` is `minput_filter` then
/// `minput_lookup`, as m17n-docs prescribes, followed by a read of the context's state.
final class M17NInputContext {
  /// What the context looked like after one key.
  struct State {
    /// The key was absorbed by `minput_filter`.
    var filtered: Bool
    /// `minput_lookup` returned -1: the key was not handled, so the application receives it too.
    var notHandled: Bool
    /// Text `minput_lookup` produced (committed) for this key.
    var produced: String
    var preedit: String
    var cursor: Int
    /// The candidate group that holds the highlighted candidate, and the highlight's index in it.
    var candidates: [String]
    var candidateIndex: Int?
  }

  private let context: UnsafeMutablePointer<MInputContext>

  /// Creates a context on an opened input method; `nil` if m17n refuses.
  init?(method: UnsafeMutablePointer<MInputMethod>) {
    guard let context = minput_create_ic(method, nil) else { return nil }
    self.context = context
  }

  deinit {
    // Reset first: destroying a context that still holds uncommitted text leaks the preedit state
    // inside libm17n (LeakSanitizer: 1,547 bytes per context).
    minput_reset_ic(context)
    minput_destroy_ic(context)
  }

  /// Sends one key (by its m17n key-symbol name) and reads the resulting state.
  func press(_ symbolName: String) -> State {
    send(msymbol(symbolName))
  }

  /// Sends `Mnil`: "commit the current preedit text (if any) and shift to the initial state".
  func reset() -> State {
    send(M17N.nilSymbol)
  }

  private func send(_ key: MSymbol?) -> State {
    let produced = mtext()
    defer { m17n_object_unref(UnsafeMutableRawPointer(produced)) }
    let filtered = minput_filter(context, key, nil) != 0
    let lookup = minput_lookup(context, key, nil, produced)
    let ic = context.pointee
    let (candidates, index) = Self.candidatePage(ic.candidate_list, index: Int(ic.candidate_index))
    return State(
      filtered: filtered,
      notHandled: lookup == -1,
      produced: Self.string(produced),
      preedit: Self.string(ic.preedit),
      cursor: Int(ic.cursor_pos),
      candidates: candidates,
      candidateIndex: index)
  }

  /// UTF-8 text of an M-text via `mconv_encode_buffer`.
  static func string(_ text: OpaquePointer?) -> String {
    guard let text else { return "" }
    let length = Int(mtext_len(text))
    guard length > 0 else { return "" }
    var buffer = [UInt8](repeating: 0, count: length * 4 + 1)
    let written = buffer.withUnsafeMutableBufferPointer {
      mconv_encode_buffer(M17N.utf8, text, $0.baseAddress, Int32($0.count))
    }
    guard written > 0 else { return "" }
    return String(decoding: buffer[..<Int(written)], as: UTF8.self)
  }

  /// The group of `list` that contains candidate `index`, and the index within it.
  ///
  /// A candidate list is a plist of groups; a group is either an M-text whose every character is one
  /// candidate (zh-py) or a plist of M-texts (ja-anthy, word-based methods).
  static func candidatePage(_ list: OpaquePointer?, index: Int) -> ([String], Int?) {
    guard let list else { return ([], nil) }
    var start = 0
    var group: OpaquePointer? = list
    var first: [String]?
    while let current = group, mplist_key(current) != M17N.nilSymbol {
      var page: [String] = []
      if mplist_key(current) == M17N.textKey {
        let text = string(mplist_value(current).map(OpaquePointer.init))
        page = text.unicodeScalars.map { String($0) }
      } else if mplist_key(current) == M17N.plistKey, let inner = mplist_value(current) {
        var item: OpaquePointer? = OpaquePointer(inner)
        while let entry = item, mplist_key(entry) != M17N.nilSymbol {
          page.append(string(mplist_value(entry).map(OpaquePointer.init)))
          item = mplist_next(entry)
        }
      }
      if first == nil { first = page }
      if index >= start, index < start + page.count {
        return (page, index - start)
      }
      start += page.count
      group = mplist_next(current)
    }
    return (first ?? [], nil)
  }
}
