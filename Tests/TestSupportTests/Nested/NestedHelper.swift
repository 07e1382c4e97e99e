import Foundation
import TestSupport

/// A helper in a subfolder of the test target, like `Tests/QAPassCLITests/Support/`.
enum NestedHelper {
  static func url() -> URL { Snapshot.url(named: "example.txt") }
}
