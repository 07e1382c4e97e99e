import Diagnostics
import Effects
import QAPassWorkflow
import TestSupport
import Testing

/// What `lint` refuses or warns about in a matrix's catalogs (issue 34, "Lint and records"): a file
/// without `fields:`.
struct LintCatalogTests {
  /// A small matrix; `fields` replaces its `fields:` block, `devices` its device catalog.
  static func matrix(
    fields: String = "fields:\n  - {id: name, rules: [required]}\n",
    devices: String =
      "  - {id: iphone-16e, name: iPhone 16e, kind: device, haptics: true, os: {min: \"18.3\"}}\n",
    os: String = "[\"26.x\"]", deviceIDs: String = "[iphone-16e]"
  ) -> String {
    """
    version: 1
    name: Catalog checks
    input_methods:
      - {id: zh-pinyin, keyboard: zh_Hans-Pinyin@sw=Pinyin-Simplified;hw=Automatic, recipe: zhang, expect: 张}
      - {id: ko-2set, keyboard: ko_KR@sw=Korean;hw=Automatic, recipe: 김, expect: 김}
    devices:
    \(devices)\(fields)matrix:
      os: \(os)
      input_method: [zh-pinyin, ko-2set]
      device: \(deviceIDs)

    """
  }

  /// Lints `text` as `/w/m.yaml`: the diagnostics as `line:col: severity: message` and whether lint
  /// refused the file.
  static func lint(_ text: String) -> (lines: [String], refused: Bool) {
    let files = InMemoryFileSystem(["/w": .folder, "/w/m.yaml": .file(Array(text.utf8))])
    let workflow = Workflow(
      console: Console(environment: [:], currentDirectory: "/w", out: { _ in }, err: { _ in }),
      files: files, clock: FixedWallClock(secondsSince1970: 1_796_119_200))
    let found: [Diagnostic]
    let refused: Bool
    do {
      found = try workflow.lint(.init(matrix: "m.yaml")).value
      refused = false
    } catch let error as DiagnosticList {
      found = error.diagnostics
      refused = true
    } catch {
      return (["\(error)"], true)
    }
    let lines = found.map { d in
      "\(d.location.map { "\($0.line):\($0.column)" } ?? "-"): \(d.severity.rawValue): \(d.message)"
    }
    return (lines, refused)
  }

  // Issue 34: a matrix with no `fields:` linted clean (exit 0) while every keyboard planned nothing.
  @Test func `a matrix without fields is an error at its keyboards`() {
    let (lines, refused) = Self.lint(Self.matrix(fields: ""))
    #expect(refused)
    #expect(
      lines.contains(
        "10:3: error: the matrix declares no 'fields:', so its 2 input methods ('zh-pinyin', 'ko-2set') plan "
          + "nothing (every keyboard item types into a field); declare the fields they type into, or write "
          + "'fields: []' for a matrix of haptic items only"), "\(lines)")
  }

  @Test func `fields: [] declares a matrix of haptic items only`() {
    let (lines, refused) = Self.lint(Self.matrix(fields: "fields: []\n"))
    #expect(!refused, "\(lines)")
    #expect(!lines.contains { $0.contains("'fields:'") })
  }

  // Issue 34: lint passed a device model that does not exist ("iPhone 99 Ultra").
  @Test func `a device name that is no model is a warning at the device, with a did-you-mean`() {
    let devices = """
        - {id: ultra, name: iPhone 99 Ultra, kind: device, haptics: true, os: {min: "26.0"}}
        - {id: maxx, name: iPhone 16 Pro Maxx Simulator, kind: simulator, haptics: false, os: {min: "18.0"}}

      """
    let (lines, refused) = Self.lint(Self.matrix(devices: devices, deviceIDs: "[ultra, maxx]"))
    #expect(!refused, "\(lines)")
    #expect(
      lines.contains(
        "7:5: warning: device 'ultra': 'iPhone 99 Ultra' is no iPhone or iPad model qapass knows; its OS "
          + "versions are not checked against the model (name it as Apple does, such as 'iPhone 16e' or "
          + "'iPhone 17 Pro Simulator')"), "\(lines)")
    #expect(
      lines.contains {
        $0.hasPrefix(
          "8:5: warning: device 'maxx': 'iPhone 16 Pro Maxx Simulator' is no iPhone or iPad model qapass "
            + "knows; did you mean 'iPhone 16 Pro Max'?")
      }, "\(lines)")
  }

  @Test func `a model paired with an OS it cannot run is a warning; real pairs are not`() {
    let devices = """
        - {id: xr, name: iPhone XR, kind: device, haptics: true, os: {min: "12.0"}}
        - {id: pro, name: iPhone 17 Pro Simulator, kind: simulator, haptics: false, os: {min: "18.0"}}
        - {id: eleven, name: iPhone 11, kind: device, haptics: true, os: {min: "13.0"}}

      """
    let (lines, refused) = Self.lint(
      Self.matrix(devices: devices, os: "[\"26.x\", \"18.x\"]", deviceIDs: "[xr, pro, eleven]"))
    #expect(!refused, "\(lines)")
    let models = lines.filter { $0.contains("warning: device '") }
    #expect(
      models == [
        "7:5: warning: device 'xr': the iPhone XR runs iOS 12.0 to 18.x, not 26.x, but its 'os' (12.0 or "
          + "later) pairs it with the matrix's '26.x'; correct its 'os' so no session asks for what no "
          + "iPhone XR can run",
        "8:5: warning: device 'pro': the iPhone 17 Pro runs iOS 26.0 or later, not 18.x, but its 'os' (18.0 "
          + "or later) pairs it with the matrix's '18.x'; correct its 'os' so no session asks for what no "
          + "iPhone 17 Pro can run",
      ], "\(lines)")
  }
}

/// The catalog's facts as `lint` states them (``DeviceModel``): models it lacked, iPadOS named for an
/// iPad, and a warning that rests on an unverified point release worded as a doubt.
struct LintDeviceCatalogTests {
  static func modelWarnings(devices: String, os: String, deviceIDs: String) -> (
    lines: [String], refused: Bool
  ) {
    let (lines, refused) = LintCatalogTests.lint(
      LintCatalogTests.matrix(devices: devices, os: os, deviceIDs: deviceIDs))
    return (lines.filter { $0.contains("warning: device '") }, refused)
  }

  // The iPhone 17e (2026) and Apple's name for both sizes of an iPad Air were "no model qapass knows".
  @Test func `the iPhone 17e and the iPad Air (M3) are models, with the releases they run`() {
    let devices = """
        - {id: e17, name: iPhone 17e Simulator, kind: simulator, haptics: false, os: {min: "18.0"}}
        - {id: air, name: iPad Air (M3), kind: device, haptics: false, os: {min: "17.0"}}

      """
    // The 17e's own 'os' (18.0 or later) leaves 17.x out: only 18.x is paired with it.
    let (lines, refused) = Self.modelWarnings(
      devices: devices, os: "[\"26.x\", \"18.x\", \"17.x\"]", deviceIDs: "[e17, air]")
    #expect(!refused, "\(lines)")
    #expect(
      lines == [
        "7:5: warning: device 'e17': the iPhone 17e runs iOS 26.x or later, not 18.x, but its 'os' (18.0 "
          + "or later) pairs it with the matrix's '18.x'; correct its 'os' so no session asks for what no "
          + "iPhone 17e can run",
        "8:5: warning: device 'air': the iPad Air (M3) runs iPadOS 18.3 or later, not 17.x, but its 'os' "
          + "(17.0 or later) pairs it with the matrix's '17.x'; correct its 'os' so no session asks for what "
          + "no iPad Air (M3) can run",
      ], "\(lines)")
  }

  // The iPhone 12 mini's 14.2 is what it is commonly listed with; no source states it, only its 14.
  @Test
  func `a warning that rests on an unverified point release asks; one its major release rules out tells`() {
    let devices = """
        - {id: mini, name: iPhone 12 mini, kind: device, haptics: true, os: {min: "13.0"}}

      """
    let (lines, refused) = Self.modelWarnings(
      devices: devices, os: "[\"14.1\", \"13.x\", \"14.x\"]", deviceIDs: "[mini]")
    #expect(!refused, "\(lines)")
    #expect(
      lines == [
        "7:5: warning: device 'mini': the iPhone 12 mini may not run iOS 14.1: qapass lists it from 14.2, a "
          + "point release no source it has states (its major release 14 is verified); its 'os' (13.0 or "
          + "later) pairs it with the matrix's '14.1': if no iPhone 12 mini runs 14.1, correct its 'os'",
        "7:5: warning: device 'mini': the iPhone 12 mini runs iOS 14.2 or later, not 13.x, but its 'os' "
          + "(13.0 or later) pairs it with the matrix's '13.x'; correct its 'os' so no session asks for what "
          + "no iPhone 12 mini can run",
      ], "\(lines)")
  }

  // The iPad (10th generation) shipped with iPadOS 16.1, the first release of 16 (a stated point release).
  @Test func `a release before a stated point release is told, not asked`() {
    let devices = """
        - {id: ipad, name: iPad (10th generation), kind: device, haptics: false, os: {min: "16.0"}}

      """
    let (lines, refused) = Self.modelWarnings(devices: devices, os: "[\"16.0\"]", deviceIDs: "[ipad]")
    #expect(!refused, "\(lines)")
    #expect(
      lines == [
        "7:5: warning: device 'ipad': the iPad (10th generation) runs iPadOS 16.1 or later, not 16.0, but its "
          + "'os' (16.0 or later) pairs it with the matrix's '16.0'; correct its 'os' so no session asks for "
          + "what no iPad (10th generation) can run"
      ], "\(lines)")
  }

  // iOS 27 runs on every iPhone iOS 26 runs on; the XS family stops at 18.
  @Test func `iOS 27 is no warning for the iPhone 11 and one for the iPhone XS`() {
    let devices = """
        - {id: eleven, name: iPhone 11, kind: device, haptics: true, os: {min: "13.0"}}
        - {id: xs, name: iPhone XS, kind: device, haptics: true, os: {min: "12.0"}}

      """
    let (lines, refused) = Self.modelWarnings(devices: devices, os: "[\"27.x\"]", deviceIDs: "[eleven, xs]")
    #expect(!refused, "\(lines)")
    #expect(
      lines == [
        "8:5: warning: device 'xs': the iPhone XS runs iOS 12.0 to 18.x, not 27.x, but its 'os' (12.0 or "
          + "later) pairs it with the matrix's '27.x'; correct its 'os' so no session asks for what no "
          + "iPhone XS can run"
      ], "\(lines)")
  }
}
