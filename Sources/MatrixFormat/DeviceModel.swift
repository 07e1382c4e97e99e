import Diagnostics
import QAModel

/// A real iPhone or iPad model and the iOS (iPadOS) releases it runs, for `lint`'s check of a matrix's
/// `devices:` (``MatrixFile/modelDiagnostics``).
///
/// Sources (December 2026): the release each model shipped with is Apple's "Identify your iPhone model"
/// (https://support.apple.com/en-us/108044) and "Identify your iPad model"
/// (https://support.apple.com/en-us/108043); the last major release of a model follows Apple's list of
/// the devices iOS 26 runs on (iPhone 11 and later, iPhone SE (2nd generation) and later: A13 Bionic and
/// later; iPhone XS, XS Max and XR stop at iOS 18), as reported at its release (simplymac.com/?p=3465,
/// findarticles.com "iOS 26 compatibility: iPhones that get the update", September 2025). A model
/// without a last release runs iOS 26 and, until Apple lists the devices of a later release, later ones
/// too: a release qapass has no list for is never reported.
///
/// ```swift
/// DeviceModel.named("iPhone 16e Simulator")?.firstRelease   // "18.3"
/// DeviceModel.named("iPhone XR")?.lastMajor                 // 18
/// ```
package struct DeviceModel: Sendable, Hashable {
  /// The name Apple gives it, as Xcode lists its simulator (`iPhone 16e`, `iPad Air 11-inch (M2)`).
  package var name: String
  /// The release it shipped with.
  package var firstRelease: String
  /// The last major release it runs, or `nil` when it runs the newest.
  package var lastMajor: Int?

  /// Whether it runs some release of `os`.
  package func runs(_ os: OSVersion) -> Bool {
    os.overlaps(min: OSVersion(firstRelease), max: lastMajor.flatMap { OSVersion("\($0).x") })
  }

  /// The releases it runs: `18.3 or later`, `12.0 to 18.x`.
  package var releases: String {
    lastMajor.map { "\(firstRelease) to \($0).x" } ?? "\(firstRelease) or later"
  }

  /// The model a device's `name:` names, a simulator's (`… Simulator`) included; `nil` when unknown.
  package static func named(_ name: String) -> DeviceModel? {
    let model = name.hasSuffix(simulatorSuffix) ? String(name.dropLast(simulatorSuffix.count)) : name
    return all.first { $0.name == model }
  }

  /// What a simulator's name ends with in a matrix (`iPhone 17 Pro Simulator`).
  package static let simulatorSuffix = " Simulator"

  private init(_ name: String, _ firstRelease: String, last: Int? = nil) {
    self.name = name
    self.firstRelease = firstRelease
    self.lastMajor = last
  }

  /// Every model qapass knows: iPhones from the XS (the oldest that ran iOS 18), iPads of the last
  /// generations.
  package static let all: [DeviceModel] = [
    .init("iPhone XS", "12.0", last: 18), .init("iPhone XS Max", "12.0", last: 18),
    .init("iPhone XR", "12.0", last: 18),
    .init("iPhone 11", "13.0"), .init("iPhone 11 Pro", "13.0"), .init("iPhone 11 Pro Max", "13.0"),
    .init("iPhone SE (2nd generation)", "13.4"),
    .init("iPhone 12", "14.1"), .init("iPhone 12 Pro", "14.1"), .init("iPhone 12 mini", "14.2"),
    .init("iPhone 12 Pro Max", "14.2"),
    .init("iPhone 13", "15.0"), .init("iPhone 13 mini", "15.0"), .init("iPhone 13 Pro", "15.0"),
    .init("iPhone 13 Pro Max", "15.0"), .init("iPhone SE (3rd generation)", "15.4"),
    .init("iPhone 14", "16.0"), .init("iPhone 14 Plus", "16.0"), .init("iPhone 14 Pro", "16.0"),
    .init("iPhone 14 Pro Max", "16.0"),
    .init("iPhone 15", "17.0"), .init("iPhone 15 Plus", "17.0"), .init("iPhone 15 Pro", "17.0"),
    .init("iPhone 15 Pro Max", "17.0"),
    .init("iPhone 16", "18.0"), .init("iPhone 16 Plus", "18.0"), .init("iPhone 16 Pro", "18.0"),
    .init("iPhone 16 Pro Max", "18.0"), .init("iPhone 16e", "18.3"),
    .init("iPhone 17", "26.0"), .init("iPhone Air", "26.0"), .init("iPhone 17 Pro", "26.0"),
    .init("iPhone 17 Pro Max", "26.0"),
    .init("iPad (10th generation)", "16.1"), .init("iPad (A16)", "18.3"),
    .init("iPad mini (6th generation)", "15.0"), .init("iPad mini (A17 Pro)", "18.0"),
    .init("iPad Air (5th generation)", "15.4"),
    .init("iPad Air 11-inch (M2)", "17.4"), .init("iPad Air 13-inch (M2)", "17.4"),
    .init("iPad Air 11-inch (M3)", "18.3"), .init("iPad Air 13-inch (M3)", "18.3"),
    .init("iPad Pro 11-inch (M4)", "17.4"), .init("iPad Pro 13-inch (M4)", "17.4"),
    .init("iPad Pro 11-inch (M5)", "26.0"), .init("iPad Pro 13-inch (M5)", "26.0"),
  ]
}

extension MatrixFile {
  /// `lint`'s warnings about the devices of the matrix: a `name:` that is no model qapass knows
  /// (``DeviceModel/all``, with a did-you-mean), and a model paired with an OS version of `matrix:` it
  /// cannot run (its `os:` admits the version, so the plan would ask for a session nobody can hold).
  ///
  /// Warnings, not errors: a model newer than this release of qapass is no mistake.
  package var modelDiagnostics: [Diagnostic] {
    let versions =
      (matrix.dimensions.first { $0.name == "os" }?.values ?? []).compactMap { located -> OSVersion? in
        guard case .string(let text) = located.value else { return nil }
        return OSVersion(text)
      }
    let planned = Set(
      (matrix.dimensions.first { $0.name == "device" }?.values ?? []).map(\.value.displayText))
    var found: [Diagnostic] = []
    for device in devices where planned.contains(device.id) {
      guard let model = DeviceModel.named(device.name) else {
        let base =
          device.name.hasSuffix(DeviceModel.simulatorSuffix)
          ? String(device.name.dropLast(DeviceModel.simulatorSuffix.count)) : device.name
        found.append(
          Diagnostic(
            .warning, path: path, location: device.location,
            message: ModelMessage.unknown(
              device, hint: Suggestion.didYouMean(base, among: DeviceModel.all.map(\.name)))))
        continue
      }
      for version in versions where device.supports(version) && !model.runs(version) {
        found.append(
          Diagnostic(
            .warning, path: path, location: device.location,
            message: ModelMessage.cannotRun(device, model: model, os: version.text)))
      }
    }
    return found
  }

  enum ModelMessage {
    static func unknown(_ device: Device, hint: String) -> String {
      "device '\(device.id)': '\(device.name)' is no iPhone or iPad model qapass knows\(hint); its OS "
        + "versions are not checked against the model (name it as Apple does, such as 'iPhone 16e' or "
        + "'iPhone 17 Pro Simulator')"
    }

    static func cannotRun(_ device: Device, model: DeviceModel, os: String) -> String {
      "device '\(device.id)': the \(model.name) runs iOS \(model.releases), not \(os), but its 'os' "
        + "(\(device.osSupport.summary)) pairs it with the matrix's '\(os)'; correct its 'os' so no session "
        + "asks for what no \(model.name) can run"
    }
  }
}
