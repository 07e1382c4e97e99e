import Foundation
import TestSupport

extension TeamMatrix {
  /// A workspace holding the default matrix and the team's (`text`, by default ``TeamMatrix/text``) at
  /// ``TeamMatrix/path``.
  static func workspace(_ text: String = TeamMatrix.text) throws -> Workspace {
    let ws = try Workspace()
    try ws.write(text, to: path)
    return ws
  }
}
