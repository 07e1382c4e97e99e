import MatrixFormat
import QAModel

extension PlanItem {
  /// The ids a manual item had under the former ids of its device, input method and field
  /// (`renamed_from:`), every combination of old and new but the current one, in a fixed order.
  ///
  /// Built from the item's configuration the way ``Plan/make(file:cellLimit:strategy:seed:previous:engines:)``
  /// builds its id (`manual.ime.<check>.<device>.<os>.<input method>.<field>…`,
  /// `manual.haptic.<check>.<device>.<os>`), keeping whatever follows those segments (extra matrix
  /// values, a `.2` of a repeated id).
  ///
  /// ```swift
  /// let path = "matrices/default.yaml"
  /// let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
  /// let document = try MatrixDocument.load(path: path, bytes: bytes).document
  /// guard case .qapass(var file) = document else { return }
  /// file.renames.inputMethods["ko-2set"] = ["ko-dubeolsik"]  // ko-2set: renamed_from: [ko-dubeolsik]
  /// let plan = try Plan.make(file: file)
  /// let item = plan.items.first { $0.id == "manual.ime.m1.iphone-16e.26.x.ko-2set.korean-name" }
  /// item?.formerIDs(plan.renames)  // ["manual.ime.m1.iphone-16e.26.x.ko-dubeolsik.korean-name"]
  /// ```
  package func formerIDs(_ renames: MatrixFile.Renames) -> [ItemID] {
    guard kind == .manual, !renames.isEmpty, let device = configuration.device, let os = configuration.os
    else { return [] }
    let devices = [device.rawValue] + (renames.devices[device.rawValue] ?? [])
    var methods: [String?] = [nil]
    var fields: [String?] = [nil]
    if channel != .haptics {
      guard let method = configuration.inputMethod, let field = configuration.field else { return [] }
      methods = [method.rawValue] + (renames.inputMethods[method.rawValue] ?? [])
      fields = [field.rawValue] + (renames.fields[field.rawValue] ?? [])
    }
    let head = "manual.\(channel == .haptics ? "haptic" : "ime").\(scenario)."
    func build(_ device: String, _ method: String?, _ field: String?) -> String {
      var id = head + Plan.sanitized(device) + "." + Plan.sanitized(os)
      for segment in [method, field].compactMap({ $0 }) { id += "." + Plan.sanitized(segment) }
      return id
    }
    let current = build(devices[0], methods[0], fields[0])
    guard id.rawValue.hasPrefix(current) else { return [] }
    let rest = id.rawValue.dropFirst(current.count)
    var result: [ItemID] = []
    for device in devices {
      for method in methods {
        for field in fields {
          let former = ItemID(rawValue: build(device, method, field) + rest)
          if former != id && !result.contains(former) { result.append(former) }
        }
      }
    }
    return result
  }
}
