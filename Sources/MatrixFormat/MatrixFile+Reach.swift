import Diagnostics
import MatrixExpansion
import QAModel
import YAMLDecoding

extension NodeReader {
  /// Warns where the devices' OS support empties a whole row or column of the matrix: an OS version
  /// no device of the matrix runs, or a device that runs none of the matrix's OS versions.
  ///
  /// Every cell of such a value is removed as impossible, which `lint` and the plan list, but a
  /// slip (a device written `os: ["26.x"]` beside a matrix of `"27.x"` and `"18.x"`) deserves to be
  /// shown at its place: the value then plans nothing at all.
  mutating func checkReach(_ file: MatrixFile) {
    guard let osDimension = file.matrix.dimensions.first(where: { $0.name == "os" }),
      let deviceDimension = file.matrix.dimensions.first(where: { $0.name == "device" })
    else { return }
    let versions = osDimension.values.compactMap { located -> (Matrix.Located, OSVersion)? in
      guard case .string(let text) = located.value, let version = OSVersion(text) else { return nil }
      return (located, version)
    }
    let devices = deviceDimension.values.compactMap { located -> (Matrix.Located, MatrixFile.Device)? in
      guard case .string(let id) = located.value, let device = file.device(id) else { return nil }
      return (located, device)
    }
    guard !versions.isEmpty, !devices.isEmpty else { return }
    for (located, version) in versions where !devices.contains(where: { $0.1.supports(version) }) {
      warning(MatrixFile.ReachMessage.noDeviceRuns(version.text), at: located.location)
    }
    for (located, device) in devices where !versions.contains(where: { device.supports($0.1) }) {
      warning(MatrixFile.ReachMessage.runsNoVersion(device), at: located.location)
    }
  }
}

extension MatrixFile {
  enum ReachMessage {
    static func noDeviceRuns(_ os: String) -> String {
      "no device of the matrix runs iOS \(os) (see their 'os'), so every cell of '\(os)' is impossible and "
        + "nothing is planned for it"
    }

    static func runsNoVersion(_ device: MatrixFile.Device) -> String {
      "device '\(device.id)' runs none of the matrix's OS versions (it supports \(device.osSupport.summary)), "
        + "so every cell of it is impossible and nothing is planned for it"
    }
  }
}
