import Foundation
import Testing

/// The test oracles `make test` installs outside the package, and when a test that needs one runs.
///
/// The Python venv of `scripts/ensure-oracles` (``PythonOracles``), and the Debian programs of
/// `scripts/ensure-deps`: `cmark-gfm` (GitHub's Markdown renderer) and Chromium with its driver (the
/// HTML checklists, through Selenium in the venv). A test that needs one runs when it is installed, and
/// always under `make test` (`QAPASS_REQUIRE_ORACLES=1`), where a missing oracle fails the test, so CI
/// never skips it; anywhere else the test is skipped, saying what to install.
public enum TestOracles {
  /// Whether the oracles are required (`make test` sets `QAPASS_REQUIRE_ORACLES=1`).
  public static let required = ProcessInfo.processInfo.environment["QAPASS_REQUIRE_ORACLES"] == "1"

  /// `cmark-gfm`, GitHub's Markdown renderer (Debian package `cmark-gfm`).
  public static let cmarkGFM = "/usr/bin/cmark-gfm"
  /// Chromium and the driver Selenium runs it through (Debian packages `chromium`, `chromium-driver`).
  public static let browser = ["/usr/bin/chromium", "/usr/bin/chromedriver"]

  /// Whether a test that needs `installed` runs: when it is there, or when the oracles are required.
  public static func runs(whenInstalled installed: Bool) -> Bool { installed || required }

  /// Whether every one of `paths` is an executable file.
  public static func installed(_ paths: [String]) -> Bool {
    paths.allSatisfy(FileManager.default.isExecutableFile(atPath:))
  }
}

extension Trait where Self == ConditionTrait {
  /// Runs the test where the Python oracles' venv is (always under `make test`).
  public static var needsPythonOracles: Self {
    .enabled(if: PythonOracles.available, PythonOracles.skipReason)
  }

  /// Runs the test where `cmark-gfm` is (always under `make test`): it renders Markdown as GitHub does.
  public static var needsCmarkGFM: Self {
    .enabled(
      if: TestOracles.runs(whenInstalled: TestOracles.installed([TestOracles.cmarkGFM])),
      "cmark-gfm is not installed (scripts/ensure-deps installs it; make test does): GitHub rendering not checked"
    )
  }

  /// Runs the test where Selenium can drive headless Chromium (always under `make test`).
  public static var needsHeadlessChromium: Self {
    .enabled(
      if: TestOracles.runs(
        whenInstalled: TestOracles.installed([PythonOracles.python.path] + TestOracles.browser)),
      "no Selenium venv or Chromium: run scripts/ensure-oracles and scripts/ensure-deps (make test does)")
  }
}
