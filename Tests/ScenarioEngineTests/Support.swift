import Foundation
import MatrixFormat

@testable import ScenarioEngine

/// Shared fixtures: the bundled default matrix and its plan, read through `#filePath`.
enum Fixtures {
  static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  static func loadMatrix(_ relativePath: String = "matrices/default.yaml") throws -> MatrixFile {
    let url = repositoryRoot.appendingPathComponent(relativePath)
    let bytes = try [UInt8](Data(contentsOf: url))
    let (document, _) = try MatrixDocument.load(path: relativePath, bytes: bytes)
    guard case .qapass(let file) = document else {
      throw FixtureError.notAQAPassFile(relativePath)
    }
    return file
  }

  static func loadMatrix(text: String, path: String = "test.yaml") throws -> MatrixFile {
    let (document, _) = try MatrixDocument.load(path: path, bytes: Array(text.utf8))
    guard case .qapass(let file) = document else { throw FixtureError.notAQAPassFile(path) }
    return file
  }

  static let defaultPlan: Result<Plan, any Error> = Result { try Plan.make(file: loadMatrix()) }
  static let coreReport: Result<RunReport, any Error> = defaultPlan.map {
    AutomatedRun.run($0, subject: .core)
  }
  static let naiveReport: Result<RunReport, any Error> = defaultPlan.map {
    AutomatedRun.run($0, subject: .naive)
  }

  enum FixtureError: Error {
    case notAQAPassFile(String)
  }
}
