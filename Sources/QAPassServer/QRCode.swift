internal import CQREncode

/// A QR code (libqrencode) of a text, drawn for a terminal, so a tablet opens the served URL by camera.
package struct QRCode: Sendable {
  /// The modules, row by row; `true` is dark.
  package var modules: [[Bool]]

  /// Encodes `text` (8-bit mode, error correction level L, the smallest version that holds it); `nil`
  /// when it does not fit in a QR code.
  package init?(_ text: String) {
    guard let code = QRcode_encodeString8bit(text, 0, QR_ECLEVEL_L) else { return nil }
    defer { QRcode_free(code) }
    let width = Int(code.pointee.width)
    modules = (0..<width).map { row in
      (0..<width).map { column in code.pointee.data[row * width + column] & 1 == 1 }
    }
  }

  /// The code in half blocks, two rows of modules a line, with a quiet zone of two modules: light
  /// modules are drawn (`█`), dark ones left blank, which a phone reads on a dark terminal and, inverted,
  /// on a light one.
  package var terminalText: String {
    let quiet = 2
    let size = modules.count + 2 * quiet
    func dark(_ row: Int, _ column: Int) -> Bool {
      let (r, c) = (row - quiet, column - quiet)
      guard r >= 0, c >= 0, r < modules.count, c < modules.count else { return false }
      return modules[r][c]
    }
    var out = ""
    for row in stride(from: 0, to: size, by: 2) {
      for column in 0..<size {
        switch (!dark(row, column), row + 1 < size && !dark(row + 1, column)) {
        case (true, true): out += "█"
        case (true, false): out += "▀"
        case (false, true): out += "▄"
        case (false, false): out += " "
        }
      }
      out += "\n"
    }
    return out
  }
}
