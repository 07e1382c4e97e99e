/// A device session: one device on one OS version, the unit one person tests in one sitting.
///
/// Its one spelling is `<device>.<os>` (``description``): the `session:` of observation sheets, the
/// `--session` of `qapass record`, the assignment table. File names use ``fileStem``, the same text
/// with every character outside letters, digits, `.`, `-` and `_` replaced by `-`, so a checklist and
/// its observation sheet are always named alike.
///
/// ```swift
/// let session = SessionID(device: "iphone-16e", os: "26.x")
/// session.description  // "iphone-16e.26.x"
/// session.fileStem     // "iphone-16e.26.x"
/// ```
package struct SessionID: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The device id, as the matrix writes it.
  package var device: DeviceID
  /// The OS version, as the matrix writes it (`26.x`).
  package var os: String

  /// The session of `device` on `os`.
  package init(device: DeviceID, os: String) {
    self.device = device
    self.os = os
  }

  /// `iphone-16e.26.x`.
  package var description: String { "\(device).\(os)" }

  /// ``description`` with every character outside `a-z`, `A-Z`, `0-9`, `.`, `-` and `_` replaced by `-`
  /// and leading dots dropped (`session` when nothing is left): safe as a file name.
  package var fileStem: String {
    let mapped = description.unicodeScalars.map { scalar -> Character in
      switch scalar {
      case "a"..."z", "A"..."Z", "0"..."9", "-", "_", ".": Character(scalar)
      default: "-"
      }
    }
    var stem = String(mapped)
    while stem.hasPrefix(".") { stem.removeFirst() }
    return stem.isEmpty ? "session" : stem
  }

  /// Orders sessions by their spelling, as a sorted list of ``description``s would.
  package static func < (lhs: SessionID, rhs: SessionID) -> Bool { lhs.description < rhs.description }
}
