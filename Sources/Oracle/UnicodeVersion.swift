/// A version of the Unicode Standard, such as 17.0.
///
/// The oracle's definitions name a version (``definitions``, the one `AcceptanceCore`'s tables also
/// follow); the character classes come from the standard library, whose data has its own version
/// (``standardLibrary``): the toolchain's on Linux, the OS's on Apple platforms.
///
/// ```swift
/// UnicodeVersion.standardLibrary >= .definitions   // true with Swift 6.3 on Linux
/// ```
package struct UnicodeVersion: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The major version.
  package var major: Int
  /// The minor version.
  package var minor: Int

  /// Creates a version.
  package init(_ major: Int, _ minor: Int) {
    self.major = major
    self.minor = minor
  }

  /// `17.0`.
  package var description: String { "\(major).\(minor)" }

  /// Whether `a` comes before `b`.
  package static func < (a: UnicodeVersion, b: UnicodeVersion) -> Bool {
    (a.major, a.minor) < (b.major, b.minor)
  }

  /// The version the rules' definitions follow (DOMAIN section 8).
  package static let definitions = UnicodeVersion(17, 0)

  /// The newest version whose probe character the standard library assigns: the version of its
  /// Unicode property data (`Unicode.Scalar.Properties.age`), or at least the newest probe below it.
  package static let standardLibrary: UnicodeVersion = {
    var newest = UnicodeVersion(14, 0)
    for (value, version) in probes {
      guard let scalar = Unicode.Scalar(value), let age = scalar.properties.age else { continue }
      newest = max(newest, version, UnicodeVersion(age.major, age.minor))
    }
    return newest
  }()

  /// One character first assigned in each version after 14.0: CJK Extension H's first ideograph
  /// (15.0), Extension I's (15.1), GARAY LETTER A (16.0), Extension J's first ideograph (17.0).
  static let probes: [(UInt32, UnicodeVersion)] = [
    (0x31350, UnicodeVersion(15, 0)), (0x2EBF0, UnicodeVersion(15, 1)), (0x10D50, UnicodeVersion(16, 0)),
    (0x323B0, UnicodeVersion(17, 0)),
  ]
}

/// Why a name rule has no verdict: the text holds a code point the standard library's Unicode data
/// does not assign, and that data is older than the definitions' version, so the code point may be
/// an ideograph (or a jamo) assigned since.
///
/// With data as new as the definitions, an unassigned code point is simply not a letter of any name,
/// and the rules judge it invalid.
package struct UnicodeDataTooOld: Error, Hashable, Sendable, CustomStringConvertible {
  /// The code point.
  package var scalar: Unicode.Scalar
  /// The standard library's Unicode version.
  package var data: UnicodeVersion

  /// Says which code point and which versions, and what to do.
  package var description: String {
    "U+\(String(scalar.value, radix: 16, uppercase: true)) is not assigned in this build's Unicode data "
      + "(\(data), from the Swift standard library), and the rules follow Unicode \(UnicodeVersion.definitions): "
      + "judge it with a qapass built with Swift 6.3 or later (on Linux, or on an OS whose Swift runtime has "
      + "Unicode \(UnicodeVersion.definitions))"
  }
}
