import Diagnostics
import MatrixExpansion
import QAModel

/// One combination of the matrix that a person or the core can test: an OS, an input method, a device,
/// and the values of any other dimensions.
package struct Cell: Hashable, Sendable {
  package var os: String
  package var inputMethod: String
  package var device: String
  /// Values of the other dimensions and included keys, in matrix order.
  package var extras: [MatrixMember]
  package var combination: Combination
}

/// A combination the catalogs say cannot exist, and why.
package struct ImpossibleCell: Hashable, Sendable {
  package var combination: Combination
  package var reason: String
}

/// The cells of a qapass matrix after expansion and catalog constraints.
package struct CellPlan: Sendable {
  package var cells: [Cell]
  package var impossible: [ImpossibleCell]
  package var expansion: Expansion
  /// How the covering array was made, when the plan's strategy is pairwise.
  package var covering: CoveringSummary?
}

extension MatrixFile {
  /// Expands the matrix and removes the cells a device cannot run: an OS outside the device's
  /// supported range, or an input method the device does not have. The plan lists what was removed.
  ///
  /// With `plan.strategy: {kind: pairwise, strength: t}` the cells are a t-way covering array that never
  /// holds an impossible combination (the catalog facts are its constraints), instead of the full product.
  ///
  /// - Parameters:
  ///   - strategy: overrides the file's `plan.strategy`.
  ///   - seed: overrides the file's `plan.seed`.
  ///   - previous: an earlier plan's combinations to keep where they still help (pairwise only).
  package func cells(
    limit: Int = Matrix.defaultCombinationLimit, strategy: Planning.Strategy? = nil, seed: UInt64? = nil,
    previous: [Combination] = []
  ) throws(DiagnosticList) -> CellPlan {
    let expansion: Expansion
    var covering: CoveringSummary?
    switch strategy ?? planning.strategy {
    case .full:
      expansion = try matrix.expand(limit: limit)
    case .pairwise(let strength):
      (expansion, covering) = try matrix.coveringExpansion(
        strength: strength, seed: seed ?? planning.seed, weights: planning.weights,
        constraints: catalogConstraints, previous: previous, limit: limit, effort: planning.effort)
    }
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
    return CellPlan(cells: cells, impossible: impossible, expansion: expansion, covering: covering)
  }

  /// The catalog facts as forbidden combinations: a device with the OS versions it cannot run, and
  /// with the input methods it lacks.
  package var catalogConstraints: [Matrix.Constraint] {
    let osValues = matrix.dimensions.first { $0.name == "os" }?.values.map(\.value) ?? []
    let methodValues = matrix.dimensions.first { $0.name == "input_method" }?.values.map(\.value) ?? []
    var constraints: [Matrix.Constraint] = []
    for device in devices {
      let unsupported = osValues.filter { value in
        OSVersion(value.displayText).map { !device.supports($0) } ?? false
      }
      if !unsupported.isEmpty {
        constraints.append(
          Matrix.Constraint(
            forbidden: ["device": [.string(device.id)], "os": unsupported],
            reason: "\(device.name) runs iOS \(device.osSupport.summary) only"))
      }
      if let list = device.inputMethods {
        let lacking = methodValues.filter { !list.contains($0.displayText) }
        if !lacking.isEmpty {
          constraints.append(
            Matrix.Constraint(
              forbidden: ["device": [.string(device.id)], "input_method": lacking],
              reason: "\(device.name) has no \(lacking.map(\.displayText).joined(separator: ", ")) keyboard"))
        }
      }
    }
    return constraints
  }
}
