internal import CM17N

/// m17n-lib's well-known symbols, read through the shim's accessors (Swift 6 does not read mutable C
/// globals directly). Use only inside `NativeInputRuntime.run(_:)`.
enum M17N {
  /// `Mnil`: the empty symbol, list terminator, and the "reset" key.
  static var nilSymbol: MSymbol? { qapass_m17n_nil() }
  /// `Mtext`: the key of a plist element holding an M-text.
  static var textKey: MSymbol? { qapass_m17n_text() }
  /// `Mplist`: the key of a plist element holding a plist.
  static var plistKey: MSymbol? { qapass_m17n_plist() }
  /// `Mcoding_utf_8`: the UTF-8 coding system.
  static var utf8: MSymbol? { qapass_m17n_coding_utf_8() }
  /// `merror_code`: non-zero after a failed call such as `m17n_init`.
  static var errorCode: Int32 { qapass_m17n_error_code() }
}
