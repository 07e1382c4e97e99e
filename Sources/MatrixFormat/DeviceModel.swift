import Diagnostics
import QAModel

/// A real iPhone or iPad model and the iOS (iPadOS) releases it runs, for `lint`'s check of a matrix's
/// `devices:` (``MatrixFile/modelDiagnostics``).
///
/// Sources (checked December 2026), per fact:
/// - The major release each model shipped with: the table "Original iOS" of gadgetmates.com
///   ("iOS Compatibility Sheet for iPhones": the XS/XR with 12, the 11 with 13, the 12 with 14, the 13 and
///   SE (3rd generation) with 15, the 14 with 16, the 15 with 17), the per-release table of
///   juejin.cn/post/7200689363533217829 (the 16, 16e and 17 families first in iOS 18 and iOS 26), and
///   release dates for what came later (DeviceKit 5.8.0, 2026-03-03, adds the iPhone 17e and the iPad Air
///   (M4), both before iOS 27 came out on 2026-09-14, endoflife.date). The M4 Air's names follow the M2
///   and M3 Airs' (`iPad Air 11-inch (M4)`); no source here shows Xcode's, so they are unverified.
/// - Not listed, for want of a source that they shipped: the iPhone 18 Pro and 18 Pro Max (expected in
///   September 2026, docs/DOMAIN.md 3.2); a matrix naming one gets the unknown-model warning.
/// - The point release where it is stated: iPhone SE (2nd generation) 13.4 (iphonefaq.org, "What version
///   of iOS ships on the iPhone SE?"); iPhone 16e, iPad (A16) and iPad Air (M3) 18.3 (iphoneaddict.fr,
///   the 18.3 builds made for them); iPad (10th generation) 16.1 (Wikipedia, "iPad (10th generation)":
///   iPadOS 16 came out as 16.1, "iPadOS 16"); iPad Pro (M5) 26.0 (Wikipedia, "iPad Pro (M5)"). Where no source
///   states it, the entry says so (`pointVerified: false`): its major release is verified, the point
///   release is what it is commonly listed with, and `lint` words a warning that rests on it as a doubt.
/// - The last major release: iOS 26 runs on the iPhone 11 and later and the SE (2nd generation) and
///   later, not on the XS, XS Max and XR, which stop at iOS 18 (docs/DOMAIN.md 3.1); iOS 27 runs on every
///   iPhone iOS 26 runs on (DOMAIN 3.1, reported at WWDC 2026: qoo10.co.id, milik.ai citing Wccftech);
///   iPadOS 27 drops only the A12 iPads (iPad (8th generation), iPad Air (3rd generation), iPad mini
///   (5th generation), the 2018 iPad Pros), none of which is listed here (thecircuitry.to,
///   mag.certideal.com). A model without a last release runs iOS 27; a release qapass has no list for
///   (28 and later) is never reported.
///
/// ```swift
/// DeviceModel.named("iPhone 16e Simulator")?.firstRelease   // "18.3"
/// DeviceModel.named("iPhone XR")?.lastMajor                 // 18
/// ```
package struct DeviceModel: Sendable, Hashable {
  /// The name Apple gives it, as Xcode lists its simulator (`iPhone 16e`, `iPad Air 11-inch (M2)`), or
  /// the name Apple's compatibility lists give both sizes of an iPad (`iPad Air (M3)`).
  package var name: String
  /// The release it shipped with.
  package var firstRelease: String
  /// Whether a source states the point release of ``firstRelease``; when `false`, only its major release
  /// is verified.
  package var pointVerified: Bool
  /// The last major release it runs, or `nil` when it runs the newest.
  package var lastMajor: Int?

  /// Whether it runs some release of `os`.
  package func runs(_ os: OSVersion) -> Bool {
    os.overlaps(min: OSVersion(firstRelease), max: lastMajor.flatMap { OSVersion("\($0).x") })
  }

  /// Whether the facts a source states rule out every release of `os`: the opposite of ``runs(_:)``
  /// when the point release it shipped with is verified, else judged from the first release of its
  /// major one (the iPhone 12 mini, listed from 14.2, surely does not run 13.x but may not run 14.1).
  package func surelyDoesNotRun(_ os: OSVersion) -> Bool {
    let first = pointVerified ? OSVersion(firstRelease) : firstMajor.flatMap { OSVersion("\($0).0") }
    return !os.overlaps(min: first, max: lastMajor.flatMap { OSVersion("\($0).x") })
  }

  /// The major release it shipped with.
  var firstMajor: Int? { OSVersion(firstRelease)?.parts.first }

  /// The releases it runs: `18.3 or later`, `12.0 to 18.x`.
  package var releases: String {
    lastMajor.map { "\(firstRelease) to \($0).x" } ?? "\(firstRelease) or later"
  }

  /// What its releases are called: `iPadOS` for an iPad, `iOS` for an iPhone.
  package var system: String { name.hasPrefix("iPad") ? "iPadOS" : "iOS" }

  /// The model a device's `name:` names, a simulator's (`… Simulator`) included; `nil` when unknown.
  package static func named(_ name: String) -> DeviceModel? {
    let model = name.hasSuffix(simulatorSuffix) ? String(name.dropLast(simulatorSuffix.count)) : name
    return all.first { $0.name == model }
  }

  /// What a simulator's name ends with in a matrix (`iPhone 17 Pro Simulator`).
  package static let simulatorSuffix = " Simulator"

  private init(_ name: String, _ firstRelease: String, point: Bool = true, last: Int? = nil) {
    self.name = name
    self.firstRelease = firstRelease
    self.pointVerified = point
    self.lastMajor = last
  }

  /// Every model qapass knows: iPhones from the XS (the oldest that ran iOS 18), iPads of the last
  /// generations. `point: false` marks a point release no source states (see the type's sources).
  package static let all: [DeviceModel] = [
    .init("iPhone XS", "12.0", last: 18), .init("iPhone XS Max", "12.0", last: 18),
    .init("iPhone XR", "12.0", last: 18),
    .init("iPhone 11", "13.0"), .init("iPhone 11 Pro", "13.0"), .init("iPhone 11 Pro Max", "13.0"),
    .init("iPhone SE (2nd generation)", "13.4"),
    .init("iPhone 12", "14.1", point: false), .init("iPhone 12 Pro", "14.1", point: false),
    .init("iPhone 12 mini", "14.2", point: false), .init("iPhone 12 Pro Max", "14.2", point: false),
    .init("iPhone 13", "15.0"), .init("iPhone 13 mini", "15.0"), .init("iPhone 13 Pro", "15.0"),
    .init("iPhone 13 Pro Max", "15.0"), .init("iPhone SE (3rd generation)", "15.4", point: false),
    .init("iPhone 14", "16.0"), .init("iPhone 14 Plus", "16.0"), .init("iPhone 14 Pro", "16.0"),
    .init("iPhone 14 Pro Max", "16.0"),
    .init("iPhone 15", "17.0"), .init("iPhone 15 Plus", "17.0"), .init("iPhone 15 Pro", "17.0"),
    .init("iPhone 15 Pro Max", "17.0"),
    .init("iPhone 16", "18.0"), .init("iPhone 16 Plus", "18.0"), .init("iPhone 16 Pro", "18.0"),
    .init("iPhone 16 Pro Max", "18.0"), .init("iPhone 16e", "18.3"),
    .init("iPhone 17", "26.0"), .init("iPhone Air", "26.0"), .init("iPhone 17 Pro", "26.0"),
    .init("iPhone 17 Pro Max", "26.0"), .init("iPhone 17e", "26.x", point: false),
    .init("iPad (10th generation)", "16.1"), .init("iPad (A16)", "18.3"),
    .init("iPad mini (6th generation)", "15.0", point: false),
    .init("iPad mini (A17 Pro)", "18.0", point: false),
    .init("iPad Air (5th generation)", "15.4", point: false),
    .init("iPad Air (M2)", "17.4", point: false), .init("iPad Air 11-inch (M2)", "17.4", point: false),
    .init("iPad Air 13-inch (M2)", "17.4", point: false),
    .init("iPad Air (M3)", "18.3"), .init("iPad Air 11-inch (M3)", "18.3"),
    .init("iPad Air 13-inch (M3)", "18.3"),
    .init("iPad Air (M4)", "26.x", point: false), .init("iPad Air 11-inch (M4)", "26.x", point: false),
    .init("iPad Air 13-inch (M4)", "26.x", point: false),
    .init("iPad Pro (M4)", "17.4", point: false), .init("iPad Pro 11-inch (M4)", "17.4", point: false),
    .init("iPad Pro 13-inch (M4)", "17.4", point: false),
    .init("iPad Pro (M5)", "26.0"), .init("iPad Pro 11-inch (M5)", "26.0"),
    .init("iPad Pro 13-inch (M5)", "26.0"),
  ]
}

extension MatrixFile {
  /// `lint`'s warnings about the devices of the matrix: a `name:` that is no model qapass knows
  /// (``DeviceModel/all``, with a did-you-mean), and a model paired with an OS version of `matrix:` it
  /// cannot run (its `os:` admits the version, so the plan would ask for a session nobody can hold).
  ///
  /// Warnings, not errors: a model newer than this release of qapass is no mistake, and where the
  /// warning rests on a point release no source states (``DeviceModel/pointVerified``), it says so and
  /// asks rather than tells.
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
        let message =
          model.surelyDoesNotRun(version)
          ? ModelMessage.cannotRun(device, model: model, os: version.text)
          : ModelMessage.mayNotRun(device, model: model, os: version.text)
        found.append(Diagnostic(.warning, path: path, location: device.location, message: message))
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
      "device '\(device.id)': the \(model.name) runs \(model.system) \(model.releases), not \(os), but its "
        + "'os' (\(device.osSupport.summary)) pairs it with the matrix's '\(os)'; correct its 'os' so no "
        + "session asks for what no \(model.name) can run"
    }

    /// A release before the one qapass lists a model with, within the major release it shipped with: the
    /// point release is not verified (``DeviceModel/pointVerified``), so the warning asks.
    static func mayNotRun(_ device: Device, model: DeviceModel, os: String) -> String {
      "device '\(device.id)': the \(model.name) may not run \(model.system) \(os): qapass lists it from "
        + "\(model.firstRelease), a point release no source it has states (its major release "
        + "\(model.firstMajor.map(String.init) ?? model.firstRelease) is verified); its 'os' "
        + "(\(device.osSupport.summary)) pairs it with the matrix's '\(os)': if no \(model.name) runs "
        + "\(os), correct its 'os'"
    }
  }
}
