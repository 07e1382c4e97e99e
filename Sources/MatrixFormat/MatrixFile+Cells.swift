import Diagnostics
import MatrixExpansion

/// One combination of the matrix that a person or the core can test: an OS, an input method, a device,
/// and the values of any other dimensions.
public struct Cell: Hashable, Sendable {
  public var os: String
  public var inputMethod: String
  public var device: String
  /// Values of the other dimensions and included keys, in matrix order.
  public var extras: [MatrixMember]
  public var combination: Combination
}

/// A combination the catalogs say cannot exist, and why.
public struct ImpossibleCell: Hashable, Sendable {
  public var combination: Combination
  public var reason: String
}

/// The cells of a qapass matrix after expansion and catalog constraints.
public struct CellPlan: Sendable {
  public var cells: [Cell]
  public var impossible: [ImpossibleCell]
  public var expansion: Expansion
}

extension MatrixFile {
  /// Expands the matrix and removes the cells a device cannot run: an OS outside the device's
  /// supported range, or an input method the device does not have. The plan lists what was removed.
  public func cells(limit: Int = Matrix.defaultCombinationLimit) throws(DiagnosticList) -> CellPlan {
    let expansion = try matrix.expand(limit: limit)
    var cells: [Cell] = []
    var impossible: [ImpossibleCell] = []
    var errors: [Diagnostic] = []
    for combination in expansion.combinations {
      guard let os = combination["os"]?.displayText, let im = combination["input_method"]?.displayText,
        let deviceID = combination["device"]?.displayText
      else {
        errors.append(
          Diagnostic(
            path: path, location: matrix.location,
            message: "combination \(combination.json) lacks 'os', 'input_method' or 'device'"))
        continue
      }
      if let device = device(deviceID), let version = OSVersion(os), !device.supports(version) {
        impossible.append(
          ImpossibleCell(
            combination: combination,
            reason: "\(device.name) does not run iOS \(os) (supports \(device.osSupport.summary))"))
        continue
      }
      if let device = device(deviceID), let list = device.inputMethods, !list.contains(im) {
        impossible.append(
          ImpossibleCell(combination: combination, reason: "\(device.name) has no \(im) keyboard"))
        continue
      }
      let extras = combination.members.filter { !MatrixFile.catalogDimensions.contains($0.key) }
      cells.append(Cell(os: os, inputMethod: im, device: deviceID, extras: extras, combination: combination))
    }
    if !errors.isEmpty { throw DiagnosticList(errors) }
    return CellPlan(cells: cells, impossible: impossible, expansion: expansion)
  }
}
